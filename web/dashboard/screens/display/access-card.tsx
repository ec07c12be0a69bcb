/**
 * How a clubhouse TV opens the display: the link with the display code (the server shows a code once, when it is
 * made; this page keeps it while it stays open), making a new one (the old link stops), turning it off, and the
 * trip's public address while the display is public.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { formatInstant } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { codePagePath, useNewAccessCode, useRevokeAccessCode, type DisplayAccessCode, type DisplayConfig } from '../../api/display.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';

/**
 * The TV page of a code, on the server's public address: the answer's `url` is the payload's (`/display/codes/…`,
 * JSON for any client); a TV opens the page `/display/<code>`, which reads it.
 */
function tvPage(made: DisplayAccessCode): string {
  try {
    return new URL(codePagePath(made.code), made.url).href;
  } catch {
    return codePagePath(made.code);
  }
}

/** Codes made in this tab, by trip: shown again when the organizer comes back to the tab (never stored). */
const madeHere = new Map<string, DisplayAccessCode>();

function CopyLink({ url, label }: { url: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="tv-link">
      <a href={url} target="_blank" rel="noopener" class="tv-url" aria-label={`${label}: ${url} (opens in a new tab)`}>
        {url}
      </a>
      <button
        type="button"
        class="small-button secondary"
        onClick={() =>
          void navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy the link'}
      </button>
    </div>
  );
}

export function AccessCard({ tripId, zone, config }: { tripId: string; zone: string; config: DisplayConfig }) {
  const make = useNewAccessCode(tripId);
  const revoke = useRevokeAccessCode(tripId);
  const [asking, setAsking] = useState<'new' | 'off' | null>(null);
  const [made, setMade] = useState<DisplayAccessCode | undefined>(() => madeHere.get(tripId));
  const active = config.accessCode.active;
  const known = active && made ? made : undefined;

  async function newCode() {
    const code = await make.run(undefined);
    madeHere.set(tripId, code);
    setMade(code);
    setAsking(null);
  }

  return (
    <section class="card" aria-labelledby="tv-access-h">
      <h3 id="tv-access-h">Open it on the clubhouse TV</h3>
      {known ? (
        <>
          <p>Open this link in the TV’s browser (or a laptop connected to it). It keeps working until you make a new code or turn it off.</p>
          <CopyLink url={tvPage(known)} label="The TV link" />
          <p class="muted small">
            Display code <strong class="tv-code">{known.code}</strong>, made {formatInstant(known.createdAt, zone)}. Write the link down now: it is shown only while this page stays open.
          </p>
        </>
      ) : active ? (
        <p>
          A display code is in use since {config.accessCode.createdAt ? formatInstant(config.accessCode.createdAt, zone) : 'earlier'}: the TV that has its link shows the display. The code is shown only when it is made; if
          you no longer have the link, make a new code (the TV with the old link then stops and needs the new one).
        </p>
      ) : (
        <p>No display code yet. Make one to get the link a TV opens; nobody can guess it, and you can turn it off at any time.</p>
      )}
      {make.error && !asking ? (
        <p class="notice error" role="alert">
          {describeFailure(make.error)}
        </p>
      ) : null}
      <div class="actions">
        <button type="button" class={active ? 'secondary' : ''} disabled={make.pending} onClick={() => (active ? setAsking('new') : void newCode().catch(() => undefined))}>
          {make.pending ? 'Making the code…' : active ? 'Make a new code…' : 'Make a display code'}
        </button>
        {active ? (
          <button type="button" class="secondary" onClick={() => setAsking('off')}>
            Turn the code off…
          </button>
        ) : null}
      </div>
      {config.public && config.publicUrl ? (
        <>
          <h4>The trip’s public address</h4>
          <p>The display is public: this address opens it without a code, for anyone who has it.</p>
          <CopyLink url={config.publicUrl} label="The public display address" />
        </>
      ) : null}
      <Dialog open={asking === 'new'} id="tv-new-code" title="Make a new display code?" onClose={() => setAsking(null)}>
        <p>The TV showing the display with the current link stops at once and says its code no longer works. Open the new link on it afterwards.</p>
        <ConfirmActions error={make.error} pending={make.pending} confirm="Make a new code" pendingLabel="Making the code…" cancel="Keep the current code" onConfirm={newCode} onCancel={() => setAsking(null)} />
      </Dialog>
      <Dialog open={asking === 'off'} id="tv-code-off" title="Turn the display code off?" onClose={() => setAsking(null)}>
        <p>A TV showing the display with its link stops at once.{config.public ? ' The public address keeps working while the display is public.' : ' Until you make a new code, only the preview here shows the display.'}</p>
        <ConfirmActions
          error={revoke.error}
          pending={revoke.pending}
          confirm="Turn it off"
          pendingLabel="Turning it off…"
          cancel="Keep it on"
          onConfirm={async () => {
            await revoke.run(undefined);
            madeHere.delete(tripId);
            setMade(undefined);
            setAsking(null);
          }}
          onCancel={() => setAsking(null)}
        />
      </Dialog>
    </section>
  );
}
