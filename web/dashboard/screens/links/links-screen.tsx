/**
 * The golfers' portal links: who has a working link, who opened it, when each phone was last heard from; mailing
 * links (to one player or everyone), a new link shown once with its QR code and a Copy button, revoking, and a
 * printable QR sheet.
 *
 * A link is a secret the server keeps only as a fingerprint, so it can be shown only when it is made: every way of
 * handing one over (mail, copy, QR) makes a new link, which replaces the player's earlier ones. The screen says so
 * before doing it.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { formatDay, formatInstant, listInWords, plural } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { PLAYERS_PAGE_SIZE, useIssueLinks, useLinksPage, useReplaceLink, useRevokeLink, useSendLinks, type IssuedToken, type PlayerLink, type SendReport } from '../../api/players.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { CopyLink, LinkQr } from './link-qr.js';
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

function When({ iso, none }: { iso: string | undefined; none: string }) {
  if (!iso) return <span class="muted">{none}</span>;
  return <time dateTime={iso} title={formatInstant(iso)}>{ago(iso)}</time>;
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

type Pending = { kind: 'send-all' } | { kind: 'sheet' } | { kind: 'send'; row: PlayerLink } | { kind: 'new'; row: PlayerLink } | { kind: 'revoke'; row: PlayerLink };

export function LinksScreen({ trip, query }: TripScreenProps) {
  const trail = trailOf(query);
  const page = useLinksPage(trip.id, trail[trail.length - 1] ?? '');
  const [pending, setPending] = useState<Pending | null>(null);
  const [report, setReport] = useState<string | null>(null);
  const [issued, setIssued] = useState<IssuedToken | null>(null);
  const [sheet, setSheet] = useState<IssuedToken[] | null>(null);
  const send = useSendLinks(trip.id);
  const replace = useReplaceLink(trip.id);
  const revoke = useRevokeLink(trip.id);
  const issueAll = useIssueLinks(trip.id);
  const busy = send.pending || replace.pending || revoke.pending || issueAll.pending;
  const failure = send.error ?? replace.error ?? revoke.error ?? issueAll.error;
  const close = () => setPending(null);

  const describeReport = (r: SendReport, names: Map<string, string>) => {
    const skipped = (reason: string) => r.skipped.filter((s) => s.reason === reason).map((s) => names.get(s.playerId) ?? 'a player');
    const noEmail = skipped('no_email');
    const failed = skipped('mail_failed');
    return [
      `${plural(r.sent.length, 'link')} mailed.`,
      noEmail.length ? `No email for ${listInWords(noEmail)}: add one on the Players tab, or give them a QR code.` : '',
      failed.length ? `The mail to ${listInWords(failed)} could not be sent; their earlier link still works.` : '',
    ]
      .filter(Boolean)
      .join(' ');
  };

  const confirm = async () => {
    if (!pending) return;
    const names = new Map((page.data?.items ?? []).map((r) => [r.playerId, r.playerName]));
    try {
      if (pending.kind === 'send-all') setReport(describeReport(await send.run(undefined), names));
      else if (pending.kind === 'send') setReport(describeReport(await send.run([pending.row.playerId]), names));
      else if (pending.kind === 'new') setIssued(await replace.run(pending.row.playerId));
      else if (pending.kind === 'revoke') {
        await revoke.run(pending.row.link!.id);
        setReport(`${pending.row.playerName}'s link is revoked.`);
      } else if (pending.kind === 'sheet') {
        const items = await issueAll.run(undefined);
        setSheet(items);
        setReport(`New links made for ${plural(items.length, 'player')}: their QR sheet is below. Print it now; the links are not shown again.`);
      }
      close();
    } catch {
      // The dialog shows the failure.
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
            <button type="button" class="secondary" onClick={() => setPending({ kind: 'sheet' })}>
              Make a QR sheet…
            </button>
          </div>
        </div>
        <p class="lead">
          Each golfer opens the trip's app with their own link. A link is a secret that is shown only when it is made, so mailing a link, showing its QR code or copying it always makes a new one, and the new link <strong>replaces</strong> the player's earlier link: a phone on the old link asks for the new one and keeps what it had.
        </p>
        {report ? (
          <p class="notice" role="status">
            {report}
          </p>
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
                          <When iso={r.openedAt} none="Not yet" />
                        </td>
                        <td>
                          <When iso={r.lastSeenAt} none="Never" />
                        </td>
                        <td class="row-actions">
                          {r.email ? (
                            <button type="button" class="secondary small" disabled={busy} onClick={() => setPending({ kind: 'send', row: r })} aria-label={`Mail link to ${r.playerName}`}>
                              Mail link
                            </button>
                          ) : null}{' '}
                          <button type="button" class="secondary small" disabled={busy} onClick={() => setPending({ kind: 'new', row: r })} aria-label={`New link for ${r.playerName}`}>
                            New link…
                          </button>{' '}
                          {r.link ? (
                            <button type="button" class="secondary small" disabled={busy} onClick={() => setPending({ kind: 'revoke', row: r })} aria-label={`Revoke ${r.playerName}'s link`}>
                              Revoke
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
          <button type="button" class={pending?.kind === 'revoke' ? 'danger' : undefined} disabled={busy} onClick={() => void confirm()}>
            {pendingAction(pending)}
          </button>
          <button type="button" class="secondary" onClick={close}>
            Cancel
          </button>
        </div>
      </Dialog>

      <Dialog id="new-link" open={!!issued} title={issued ? `${issued.playerName}'s new link` : ''} onClose={() => setIssued(null)} class="wide-dialog">
        {issued ? (
          <>
            <p>
              This link is shown <strong>only now</strong>. Copy it into a message to {issued.playerName}, or let them scan the code with their phone's camera. It works until {formatDay(issued.expiresAt.slice(0, 10))}.
            </p>
            <CopyLink link={issued.link} id="new-link-field" label={`${issued.playerName}'s link`} />
            <LinkQr link={issued.link} label={`QR code of ${issued.playerName}'s link`} size="14rem" />
            <div class="actions">
              <button type="button" onClick={() => setIssued(null)}>
                Done
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
    </div>
  );
}

function pendingTitle(p: Pending | null): string {
  if (!p) return '';
  switch (p.kind) {
    case 'send-all':
      return 'Mail every player their link?';
    case 'sheet':
      return 'Make a QR sheet for every player?';
    case 'send':
      return `Mail ${p.row.playerName} a new link?`;
    case 'new':
      return `Make a new link for ${p.row.playerName}?`;
    case 'revoke':
      return `Revoke ${p.row.playerName}'s link?`;
  }
}

function pendingText(p: Pending | null): string {
  if (!p) return '';
  switch (p.kind) {
    case 'send-all':
      return 'Every player with an email gets a mail with a new link to the trip\'s app. Each new link replaces the player\'s earlier one once the mail is sent; players without an email are listed afterwards.';
    case 'sheet':
      return 'Every player gets a new link, printed as a QR code on a sheet of cards to hand out. The new links replace their earlier ones, so phones already set up will ask for the new link (scanning the card is enough).';
    case 'send':
      return `A mail with a new link goes to ${p.row.email}. Once it is sent, ${p.row.playerName}'s earlier link stops working.`;
    case 'new':
      return `The new link is shown once, with its QR code, to copy or scan. ${p.row.link ? `It replaces ${p.row.playerName}'s current link, which stops working now.` : ''}`;
    case 'revoke':
      return `${p.row.playerName}'s phone stops syncing at its next request and asks for a new link. What they entered stays. Make or mail a new link to let them in again.`;
  }
}

function pendingAction(p: Pending | null): string {
  if (!p) return '';
  return { 'send-all': 'Mail the links', sheet: 'Make the new links', send: 'Mail the link', new: 'Make a new link', revoke: 'Revoke the link' }[p.kind];
}
