/**
 * The golfers' portal links: who has a working link, who opened it, when each phone was last heard from; mailing
 * links (to one player or everyone), a player's link shown with its QR code and a Copy button, every link copied at
 * once (a line per player, for the group's chat), a printable QR sheet, and replacing a link.
 *
 * The server keeps a working link's secret sealed, so handing a link over (mail, copy, QR code, the sheet) always
 * hands over the link the player already has: nothing stops working. A player with no link gets one on the way.
 * Replacing a link is the one action that makes a link stop working; it is named so and confirmed.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { formatDay, formatInstant, listInWords, plural } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { PLAYERS_PAGE_SIZE, useLinksPage, useReplaceLink, useSendLinks, useShowLinks, type IssuedToken, type PlayerLink, type SendReport, type ShownLinks } from '../../api/players.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { CopyLink, copyText, LinkQr } from './link-qr.js';
import { QrSheet } from './qr-sheet.js';

const trailOf = (query: URLSearchParams) => (query.get('pages') ?? '').split('.').filter(Boolean);

/** "4 minutes ago", "yesterday"… with the exact time beside it for a title. */
function ago(iso: string): string {
  const s = Math.round((Date.parse(iso) - Date.now()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const abs = Math.abs(s);
  if (abs < 60) return 'just now';
  if (abs < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86400), 'day');
}

function When({ iso, none, zone }: { iso: string | undefined; none: string; zone: string }) {
  if (!iso) return <span class="muted">{none}</span>;
  return <time dateTime={iso} title={formatInstant(iso, zone)}>{ago(iso)}</time>;
}

/** Who is set up, in numbers: links working, opened, phones heard from in the last hour. */
function LinkSummary({ items, paged }: { items: PlayerLink[]; paged: boolean }) {
  if (!items.length) return null;
  const hourAgo = Date.now() - 3_600_000;
  const working = items.filter((r) => r.link).length;
  const opened = items.filter((r) => r.openedAt).length;
  const heard = items.filter((r) => r.lastSeenAt && Date.parse(r.lastSeenAt) >= hourAgo).length;
  const noEmail = items.filter((r) => !r.email).length;
  return (
    <ul class="facts link-facts" aria-label={paged ? 'On this page' : 'In numbers'}>
      <li>
        <strong>{working}</strong> of {items.length} with a working link
      </li>
      <li>
        <strong>{opened}</strong> opened their link
      </li>
      <li>
        <strong>{heard}</strong> phones heard from in the last hour
      </li>
      {noEmail ? (
        <li>
          <strong>{noEmail}</strong> without an email (hand them a QR code)
        </li>
      ) : null}
    </ul>
  );
}

type Pending = { kind: 'send-all' } | { kind: 'send'; row: PlayerLink } | { kind: 'replace'; row: PlayerLink };

/** A link shown in the dialog: the player's own (`made` when it was just made for a player who had none), or a replacement. */
type Shown = { link: IssuedToken; why: 'current' | 'made' | 'replaced' };

/** "Ann Byrne: https://…", a line per player, for a group chat. */
export function linesOf(items: IssuedToken[]): string {
  return items.map((t) => `${t.playerName}: ${t.link}`).join('\n');
}

export function LinksScreen({ trip, query }: TripScreenProps) {
  const trail = trailOf(query);
  const page = useLinksPage(trip.id, trail[trail.length - 1] ?? '');
  const [pending, setPending] = useState<Pending | null>(null);
  const [report, setReport] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [sheet, setSheet] = useState<IssuedToken[] | null>(null);
  const [all, setAll] = useState<{ text: string; copied: boolean; count: number } | null>(null);
  const send = useSendLinks(trip.id);
  const replace = useReplaceLink(trip.id);
  const show = useShowLinks(trip.id);
  const busy = send.pending || replace.pending || show.pending;
  const failure = send.error ?? replace.error;
  const close = () => setPending(null);

  /** The server's answer in words; it names whom it skipped, so nothing here depends on a page of the list being loaded. */
  const describeReport = (r: SendReport) => {
    const skipped = (reason: string) => r.skipped.filter((s) => s.reason === reason).map((s) => s.name);
    const noEmail = skipped('no_email');
    const failed = skipped('mail_failed');
    return [
      `${plural(r.sent.length, 'link')} mailed.`,
      r.sent.length ? 'Each is the link the player already has, so links handed out before keep working.' : '',
      noEmail.length ? `No email for ${listInWords(noEmail)}: add one on the Players tab, or give them a QR code.` : '',
      failed.length ? `The mail to ${listInWords(failed)} could not be sent; their link is unchanged.` : '',
    ]
      .filter(Boolean)
      .join(' ');
  };

  /** Who got a new link on the way (they had none), in words. */
  const madeWords = (r: ShownLinks) => {
    if (!r.made.length) return 'No link was changed.';
    const names = r.items.filter((t) => r.made.includes(t.playerId)).map((t) => t.playerName);
    return `${listInWords(names)} had no link, so ${names.length === 1 ? 'one was' : 'theirs were'} made; no other link was changed.`;
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'send-all') setReport(describeReport(await send.run(undefined)));
      else if (pending.kind === 'send') setReport(describeReport(await send.run([pending.row.playerId])));
      else if (pending.kind === 'replace') setShown({ link: await replace.run(pending.row.playerId), why: 'replaced' });
      close();
    } catch {
      // The dialog shows the failure.
    }
  };

  const showOne = async (row: PlayerLink) => {
    try {
      const r = await show.run({ playerIds: [row.playerId], make: true });
      if (r.items[0]) setShown({ link: r.items[0], why: r.made.length ? 'made' : 'current' });
    } catch {
      /* shown below the table */
    }
  };

  const copyAll = async () => {
    try {
      const r = await show.run({ make: true });
      const text = linesOf(r.items);
      const copied = await copyText(text);
      setAll({ text, copied, count: r.items.length });
      setReport(`${copied ? 'Copied' : 'Here are'} ${plural(r.items.length, 'link')}, one line per player. ${madeWords(r)}`);
    } catch {
      /* shown below */
    }
  };

  const makeSheet = async () => {
    try {
      const r = await show.run({ make: true });
      setSheet(r.items);
      setReport(`The QR sheet below has the links of ${plural(r.items.length, 'player')}, the ones they already have. ${madeWords(r)}`);
    } catch {
      /* shown below */
    }
  };

  return (
    <div class="links-screen">
      <div class="print-hide">
        <div class="page-head">
          <h2>Links</h2>
          <div class="actions">
            <button type="button" onClick={() => setPending({ kind: 'send-all' })}>
              Mail everyone their link
            </button>
            <button type="button" class="secondary" disabled={busy} onClick={() => void copyAll()}>
              Copy all links
            </button>
            <button type="button" class="secondary" disabled={busy} onClick={() => void makeSheet()}>
              Make a QR sheet
            </button>
          </div>
        </div>
        <p class="lead">
          Each golfer opens the trip's app with their own link. Mailing, copying, showing the QR code and the QR sheet all hand over the link the player already has, so nothing stops working (a player with no link gets one). To make a link stop working, for a lost phone or a link sent to the wrong person, use <strong>Replace link</strong>.
        </p>
        {report ? (
          <p class="notice" role="status">
            {report}
          </p>
        ) : null}
        {show.error && !pending ? (
          <p class="notice error" role="alert">
            {describeFailure(show.error)}
          </p>
        ) : null}
        {all ? (
          <div class="card all-links">
            <label for="all-links-field" style={{ display: 'block', fontWeight: 600 }}>
              All links, one line per player
            </label>
            <textarea id="all-links-field" readOnly wrap="off" style={{ display: 'block', width: '100%', fontFamily: 'monospace' }} rows={Math.min(12, all.count + 1)} value={all.text} onFocus={(e) => e.currentTarget.select()} />
            <p class="small muted">
              {all.copied ? 'Copied: paste it into the group chat.' : 'Select the text and copy it by hand.'} Anyone with a link plays as that golfer, so post them only where the group alone can read them.
            </p>
            <div class="actions">
              <button type="button" class="secondary small" onClick={() => setAll(null)}>
                Hide the links
              </button>
            </div>
          </div>
        ) : null}
        <QueryView query={page} loading="Loading the links…">
          {(p) => (
            <>
              <LinkSummary items={p.items} paged={trail.length > 0 || !!p.nextCursor} />
              <div class="table-wrap">
                <table class="table links-table">
                  <caption class="visually-hidden">Each player's portal link</caption>
                  <thead>
                    <tr>
                      <th scope="col">Player</th>
                      <th scope="col">Link</th>
                      <th scope="col">Opened</th>
                      <th scope="col">Phone last heard from</th>
                      <th scope="col">
                        <span class="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.items.map((r) => (
                      <tr key={r.playerId}>
                        <th scope="row">
                          {r.playerName}
                          <span class="player-email">{r.email ?? 'no email'}</span>
                        </th>
                        <td>
                          {r.link ? (
                            <>
                              <span class="badge green">Working</span>
                              <span class="player-fields">until {formatDay(r.link.expiresAt.slice(0, 10))}</span>
                            </>
                          ) : (
                            <span class="badge">No link</span>
                          )}
                        </td>
                        <td>
                          <When iso={r.openedAt} none="Not yet" zone={trip.timezone} />
                        </td>
                        <td>
                          <When iso={r.lastSeenAt} none="Never" zone={trip.timezone} />
                        </td>
                        <td class="row-actions">
                          {r.email ? (
                            <button type="button" class="secondary small" disabled={busy} onClick={() => setPending({ kind: 'send', row: r })} aria-label={`Mail link to ${r.playerName}`}>
                              Mail link
                            </button>
                          ) : null}{' '}
                          <button type="button" class="secondary small" disabled={busy} onClick={() => void showOne(r)} aria-label={r.link ? `Show link for ${r.playerName}` : `Make a link for ${r.playerName}`}>
                            {r.link ? 'Show link' : 'Make a link'}
                          </button>{' '}
                          {r.link ? (
                            <button type="button" class="secondary small" disabled={busy} onClick={() => setPending({ kind: 'replace', row: r })} aria-label={`Replace link for ${r.playerName}`}>
                              Replace link…
                            </button>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <nav class="pager" aria-label="Pages of links">
                <p class="muted">{p.items.length ? `Players ${trail.length * PLAYERS_PAGE_SIZE + 1}–${trail.length * PLAYERS_PAGE_SIZE + p.items.length}` : 'No players yet: add them on the Players tab.'}</p>
                <ul>
                  <li>
                    {trail.length ? (
                      <a class="button secondary" href={href('tripLinks', { tripId: trip.id }, { pages: trail.slice(0, -1).join('.') || undefined })}>
                        Previous page
                      </a>
                    ) : null}
                  </li>
                  <li>
                    {p.nextCursor ? (
                      <a class="button secondary" href={href('tripLinks', { tripId: trip.id }, { pages: [...trail, p.nextCursor].join('.') })}>
                        Next page
                      </a>
                    ) : null}
                  </li>
                </ul>
              </nav>
            </>
          )}
        </QueryView>
      </div>
      {sheet ? <QrSheet tripName={trip.name} items={sheet} onClose={() => setSheet(null)} /> : null}

      <Dialog id="link-confirm" open={!!pending} title={pendingTitle(pending)} onClose={close}>
        <p>{pendingText(pending)}</p>
        {failure ? (
          <p class="notice error" role="alert">
            {describeFailure(failure)}
          </p>
        ) : null}
        <div class="actions">
          <button type="button" class={pending?.kind === 'replace' ? 'danger' : undefined} disabled={busy} onClick={() => void confirm()}>
            {pendingAction(pending)}
          </button>
          <button type="button" class="secondary" onClick={close}>
            Cancel
          </button>
        </div>
      </Dialog>

      <Dialog id="shown-link" open={!!shown} title={shown ? (shown.why === 'replaced' ? `${shown.link.playerName}'s new link` : `${shown.link.playerName}'s link`) : ''} onClose={() => setShown(null)} class="wide-dialog">
        {shown ? (
          <>
            <p>{shownText(shown)} It works until {formatDay(shown.link.expiresAt.slice(0, 10))}. Anyone with it plays as {shown.link.playerName}.</p>
            <CopyLink link={shown.link.link} id="shown-link-field" label={`${shown.link.playerName}'s link`} />
            <LinkQr link={shown.link.link} label={`QR code of ${shown.link.playerName}'s link`} size="14rem" />
            <div class="actions">
              <button type="button" onClick={() => setShown(null)}>
                Done
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
    </div>
  );
}

function shownText(s: Shown): string {
  const name = s.link.playerName;
  if (s.why === 'replaced') return `This link replaces ${name}'s old one, which no longer works. Send it to ${name} or let them scan the code with their phone's camera.`;
  if (s.why === 'made') return `${name} had no link, so this one was made. Send it to ${name} or let them scan the code with their phone's camera.`;
  return `This is the link ${name} already has: copying it or showing the code changes nothing, and the link mailed or printed before keeps working.`;
}

function pendingTitle(p: Pending | null): string {
  if (!p) return '';
  switch (p.kind) {
    case 'send-all':
      return 'Mail every player their link?';
    case 'send':
      return `Mail ${p.row.playerName} their link?`;
    case 'replace':
      return `Replace ${p.row.playerName}'s link?`;
  }
}

function pendingText(p: Pending | null): string {
  if (!p) return '';
  switch (p.kind) {
    case 'send-all':
      return "Every player with an email gets a mail with their link to the trip's app: the link they already have (a player with no link gets one), so nothing stops working. Players without an email are listed afterwards.";
    case 'send':
      return `A mail with ${p.row.playerName}'s link goes to ${p.row.email}. It is the link they already have (or a new one if they have none), so nothing stops working.`;
    case 'replace':
      return `${p.row.playerName} gets a new link, and the old link stops working now: the mail and any QR card with it no longer open the trip, and a phone on it asks for the new link (what was entered stays). Use this for a lost phone or a link sent to the wrong person.`;
  }
}

function pendingAction(p: Pending | null): string {
  if (!p) return '';
  return { 'send-all': 'Mail the links', send: 'Mail the link', replace: 'Replace the link' }[p.kind];
}
