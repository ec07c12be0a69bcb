import { controlRoom, type Room } from '../../shared/domain/control-room.js';
import type { ControlRoom } from '../../shared/schemas/trip-day.js';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { ScorecardDoc, ScoreDoc } from '../../shared/schemas/round.js';
import type { AppDeps } from '../deps.js';
import { lastSeenByPlayer } from '../portal/last-seen.js';
import { getRound } from '../rounds/round-doc.js';
import { deepFreeze, oncePerSeq } from '../store/by-seq.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { sharedDocsOfType, sharedDocsWithPrefix } from '../store/docs.js';

/**
 * The control room of a round (issue 24). The dashboard polls it every few seconds, so the part computed from the
 * trip's documents (groups, thru, missing holes, disputes) is computed once per state of the trip database and
 * shared (`oncePerSeq`); only "last heard from" (the portal's last-seen tracker: server memory and one registry
 * range read) is merged per request, since phones are heard without writing to the trip.
 */
export async function roundControlRoom(deps: AppDeps, db: Database, tripId: string, roundId: string): Promise<ControlRoom> {
  const [computed, seen] = await Promise.all([
    oncePerSeq(db, JSON.stringify(['control-room', roundId]), async (updateSeq) => {
      // The sequence is read before the documents: the answer is at least as new as the sequence it names.
      const stored = await getRound(db, roundId, updateSeq);
      const [scores, players, cards] = await Promise.all([
        sharedDocsWithPrefix<ScoreDoc & StoredDoc>(db, `score:${roundId}-`, updateSeq),
        sharedDocsOfType<PlayerDoc & StoredDoc>(db, 'player', updateSeq),
        sharedDocsWithPrefix<ScorecardDoc & StoredDoc>(db, `scorecard:${roundId}-`, updateSeq),
      ]);
      const names = new Map(players.map((p) => [p.id, p.name] as const));
      // Players marked out of the round (a no-show, a withdrawal: issue 34) are not waited for: the room leaves them out.
      const out = new Set(cards.filter((c) => c.outOfPlay).map((c) => c.playerId));
      const round = out.size === 0 ? stored : { ...stored, playerIds: stored.playerIds.filter((p) => !out.has(p)), groups: stored.groups.map((g) => ({ ...g, playerIds: g.playerIds.filter((p) => !out.has(p)) })) };
      return deepFreeze({ updateSeq, room: controlRoom(round, scores, names) as Room });
    }),
    lastSeenByPlayer(deps, tripId),
  ]);
  const { room, updateSeq } = computed;
  const at = (p: string) => seen.get(p) ?? null;
  return {
    ...room,
    updateSeq,
    groups: room.groups.map((g) => {
      const players = g.players.map((p) => ({ ...p, lastHeardAt: at(p.playerId) }));
      const heard = players.map((p) => p.lastHeardAt).filter((x): x is string => x !== null).sort();
      return { ...g, players, lastHeardAt: heard[heard.length - 1] ?? null };
    }),
  };
}
