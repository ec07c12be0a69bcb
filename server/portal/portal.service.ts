import { entryOfScore } from '../../shared/domain/score-corrections.js';
import type { z } from 'zod';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { PortalRound, Score } from '../../shared/schemas/portal.js';
import type { RoundDoc, ScoreDoc } from '../../shared/schemas/round.js';
import type { AppDeps } from '../deps.js';
import type { StoredDoc } from '../store/docstore.js';
import { byPlayOrder, scorecardId } from '../rounds/rounds.service.js';
import { oncePerSeq } from '../store/by-seq.js';
import type { Database } from '../store/docstore.js';
import { sharedDocsOfType } from '../store/docs.js';

type Stored<T> = T & StoredDoc;

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one (trips use a few zones). */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (formats.size >= 1_000) formats.clear();
    formats.set(timeZone, f);
  }
  return f;
}

/** Today's date in a time zone (tee times and "today" are the trip's local wall clock). */
export function localDate(now: Date, timeZone: string): string {
  const parts = dateFormat(timeZone).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The rounds of a trip as one player sees them: state, course, their scorecard and their group. */
export async function portalRounds(deps: AppDeps, tripId: string, playerId: string): Promise<z.infer<typeof PortalRound>[]> {
  const { rounds, names } = await roundsBasis(deps.store.trip(tripId));
  return rounds.map((r) => presentRound(r, playerId, names));
}

/**
 * The rounds players see and every player's name, read once per state of the trip database and shared by the
 * overviews asked for meanwhile (`oncePerSeq`: never older than a write acknowledged before the request), instead of
 * parsing every player and round again for each golfer's overview. The documents are shared and frozen; each
 * golfer's answer is built from them afresh.
 */
function roundsBasis(db: Database): Promise<{ rounds: readonly Readonly<Stored<RoundDoc>>[]; names: ReadonlyMap<string, string> }> {
  return oncePerSeq(db, 'portal-rounds', async (seq) => {
    const [rounds, players] = await Promise.all([sharedDocsOfType<Stored<RoundDoc>>(db, 'round', seq), sharedDocsOfType<Stored<PlayerDoc>>(db, 'player', seq)]);
    return { rounds: rounds.filter((r) => r.state !== 'draft').sort(byPlayOrder), names: new Map(players.map((p) => [p.id, p.name])) };
  });
}

function presentRound(r: RoundDoc, playerId: string, names: ReadonlyMap<string, string>): z.infer<typeof PortalRound> {
  const hasCards = r.state !== 'draft';
  const inRound = r.playerIds.includes(playerId) || r.groups.some((g) => g.playerIds.includes(playerId));
  const group = r.groups.find((g) => g.playerIds.includes(playerId));
  return {
    id: r.id,
    name: r.name,
    date: r.date,
    ...(r.startTime ? { startTime: r.startTime } : {}),
    state: r.state,
    ...(r.course ? { courseName: r.course.name, holes: r.course.holes.length } : {}),
    myScorecardId: hasCards && inRound ? scorecardId(r.id, playerId) : null,
    myGroup: group
      ? {
          id: group.id,
          number: group.number,
          ...(group.teeTime ? { teeTime: group.teeTime } : {}),
          ...(group.startingHole ? { startingHole: group.startingHole } : {}),
          players: group.playerIds.map((id) => ({ id, name: names.get(id) ?? '', scorecardId: hasCards ? scorecardId(r.id, id) : null })),
        }
      : null,
  };
}

export function presentScore(s: Stored<ScoreDoc>): z.infer<typeof Score> {
  return {
    id: s._id,
    scorecardId: s.scorecardId,
    roundId: s.roundId,
    playerId: s.playerId,
    hole: s.hole,
    ...entryOfScore(s),
    history: (s.history ?? []).map(entryOfScore),
    disputed: s.disputed ?? false,
    updatedAt: s.updatedAt,
  };
}
