import type { z } from 'zod';
import type { SendReport } from '../../shared/schemas/identity.js';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { AppDeps } from '../deps.js';
import type { DashboardPrincipal } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { composeMail } from '../mail/compose.js';
import { mailBase } from '../http/origin.js';
import { getPlayer, listPlayers } from '../players/players.service.js';
import type { StoredDoc } from '../store/docstore.js';
import { loadTripDoc } from '../trips/trip-db.js';
import type { TripIndexDoc } from '../trips/trip-index.js';
import { defaultTokenExpiry } from './tokens.js';
import { currentLink, revokeToken, tokenDocs } from './tokens.service.js';

/**
 * Mails each player with an email their own portal link, one player at a time, and reports who got one.
 *
 * The link mailed is the player's working link, shown again ({@link currentLink}): mailing, like copying or
 * printing a QR code, revokes nothing, so a link already handed over (mailed before, on a QR card) keeps working.
 * A player with no working link that can be shown gets a new one, made as the next generation of their links, so
 * two sends at once (on two app servers) store one link and both mail that one. Replacing a link that went astray is
 * its own action (`POST /trip-portal/token` with `replace`). When a mail cannot be sent, a link made for it is
 * revoked again (a link shown again is left as it was), and the player is reported as skipped (`mail_failed`).
 */
export async function sendPortalLinks(deps: AppDeps, index: TripIndexDoc, sender: Pick<DashboardPrincipal, 'sub' | 'name'>, playerIds?: string[]): Promise<z.infer<typeof SendReport>> {
  const createdBy = sender.sub;
  const { db, trip } = await loadTripDoc(deps, index);
  const players: (PlayerDoc & StoredDoc)[] = playerIds ? await Promise.all([...new Set(playerIds)].map((id) => getPlayer(db, id))) : await listPlayers(db);
  const expiresAt = defaultTokenExpiry(trip.endDate);
  if (Date.parse(expiresAt) <= deps.now().getTime()) {
    throw new AppError('unprocessable', 'the trip ended more than a week ago: its portal links would already have expired');
  }
  const tokens = await tokenDocs(deps, index.tripId);
  const report: z.infer<typeof SendReport> = { sent: [], skipped: [] };
  for (const player of players) {
    if (!player.email) {
      report.skipped.push({ playerId: player.id, name: player.name, reason: 'no_email' });
      continue;
    }
    const mine = tokens.filter((t) => t.playerId === player.id);
    const found = (await currentLink(deps, index, player, { make: true, createdBy, expiresAt }, mailBase(deps), mine))!;
    try {
      await deps.mailer.send({ to: player.email, subject: `Your link for ${trip.name}`, ...portalLinkMail(player.name, trip.name, found.link.link, found.link.expiresAt, sender.name) });
    } catch (err) {
      deps.logger.warn('could not mail a portal link', { tripId: index.tripId, playerId: player.id, err: String(err) });
      if (found.made) await revokeToken(deps, index, found.link.id);
      report.skipped.push({ playerId: player.id, name: player.name, reason: 'mail_failed' });
      continue;
    }
    report.sent.push({ playerId: player.id, email: player.email, tokenId: found.link.id });
  }
  return report;
}

/**
 * The mail of a portal link, written to the golfer: what the link opens, that it works on the course without signal
 * once opened, how to put it on the home screen, that it is theirs alone, and who sent it. The home-screen steps are
 * those of Safari on iOS and Chrome on Android, the browsers that install a web app there.
 */
function portalLinkMail(playerName: string, tripName: string, link: string, expiresAt: string, organizer: string | undefined) {
  const from = organizer ? `${organizer}, who organizes ${tripName}` : `the organizers of ${tripName}`;
  return composeMail([
    `Hi ${playerName},`,
    `Here is your own link to the app of ${tripName}: enter your scores, follow the leaderboards, and see the trip's money (who paid what, and who owes whom), with tee times and the rest of the trip.`,
    { link, label: `Open ${tripName}` },
    'Open it once on your phone while you have signal. After that the app works on the course with no signal at all, and sends your scores when your phone is back online.',
    'Put it on your home screen to open it like any other app:',
    { list: ['iPhone: open the link in Safari, tap Share, then Add to Home Screen.', 'Android: open the link in Chrome, open the menu (⋮), then Install app or Add to Home screen.'] },
    `This link is personal: whoever has it plays as you, so please do not forward it. It works until ${expiresAt.slice(0, 10)}.`,
    `Sent to you by ${from}.`,
  ]);
}
