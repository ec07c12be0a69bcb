import type { z } from 'zod';
import { scrambleTeamHandicap, strokesPerHole, type HoleScore } from '../../shared/domain/golf/index.js';
import { bestBallRows, scrambleRows, type TeamRows } from '../../shared/domain/leaderboards/team-round.js';
import { roundPlayerIds } from '../../shared/domain/rounds.js';
import { checkSides, sidesByHandicap, type GroupSides } from '../../shared/domain/games/four-ball-sides.js';
import type { ConvertBody, SidesBody, TeamcardDoc, TeamScorecard, TeamScoreDoc } from '../../shared/schemas/games.js';
import type { AppDeps } from '../deps.js';
import { AppError, unwrap } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import { getRound } from '../rounds/rounds.service.js';
import { afterScoresWritten } from '../scores/scores.service.js';
import { StoreConflictError, type Database, type StoredDoc } from '../store/docstore.js';
import { docsWithPrefix } from '../store/docs.js';
import { newDocFields, stripDoc } from '../trips/trip-db.js';
import { teamKey } from './pointgames.service.js';
import { loadRoundData, playingHandicaps, snapshotCourseHandicap, type RoundData } from './round-data.js';

type Stored<T> = T & StoredDoc;
type StoredCard = Stored<TeamcardDoc>;
type StoredTeamScore = Stored<TeamScoreDoc>;

export const teamScoreDocId = (teamcardId: string, hole: number) => `teamscore:${teamcardId}:${hole}`;

export async function roundTeamcards(db: Database, roundId: string): Promise<{ cards: StoredCard[]; scores: StoredTeamScore[] }> {
  const [cards, scores] = await Promise.all([docsWithPrefix<StoredCard>(db, `teamcard:${roundId}-`), docsWithPrefix<StoredTeamScore>(db, `teamscore:${roundId}-`)]);
  return { cards: cards.filter((c) => c.roundId === roundId), scores: scores.filter((s) => s.roundId === roundId) };
}

const refuse = (message: string, path = 'teams'): never => {
  throw new AppError('unprocessable', message, [{ path: ['body', path], message }]);
};

/** The teams to convert: the round's groups, or its players by team name; every player of the round on one team. */
async function teamsOf(db: Database, data: RoundData, by: ConvertBody['teams']): Promise<{ key: string; name: string; playerIds: string[] }[]> {
  const players = roundPlayerIds(data.round);
  if (by === 'groups') {
    if (data.round.groups.length === 0) refuse('the round has no groups');
    const grouped = new Set(data.round.groups.flatMap((g) => g.playerIds));
    const loose = players.filter((p) => !grouped.has(p));
    if (loose.length > 0) refuse(`players ${loose.join(', ')} are in no group`);
    return data.round.groups.map((g) => ({ key: g.id, name: `Group ${g.number}`, playerIds: g.playerIds }));
  }
  const teamOf = new Map((await listPlayers(db)).map((p) => [p.id, p.team] as const));
  const loose = players.filter((p) => !teamOf.get(p));
  if (loose.length > 0) refuse(`players ${loose.join(', ')} have no team`);
  const teams = new Map<string, string[]>();
  for (const p of players) teams.set(teamOf.get(p)!, [...(teams.get(teamOf.get(p)!) ?? []), p]);
  const out = [...teams].map(([name, playerIds]) => ({ key: teamKey(name), name, playerIds }));
  const keys = out.map((t) => t.key);
  const clash = out.find((t, i) => keys.indexOf(t.key) !== i);
  if (clash) refuse(`two team names read the same as a key (${clash.key}): rename one`);
  return out;
}

/**
 * `POST …/convert-to-team-scorecards`: one team card per group (or team) for best ball or scramble, replacing the
 * round's earlier team cards (so converting twice never duplicates). Best ball keeps individual scores: the card
 * names its members and how many net scores count per hole. Scramble cards carry the team handicap (WHS Appendix C,
 * `scrambleTeamHandicap` over the members' Course Handicaps; null when a member has no index) and take team scores.
 * Refused: a draft or completed round (409); a conversion that would drop or turn into best ball a card that has
 * team scores (409 `round_has_scores`); teams of one, a `bestOf` larger than a team, a scramble team of a size
 * without recommended percentages (422).
 */
export async function convertToTeamScorecards(deps: AppDeps, db: Database, roundId: string, body: ConvertBody) {
  const data = await loadRoundData(db, roundId);
  if (data.round.state === 'draft' || data.round.state === 'completed') {
    const why = data.round.state === 'draft' ? 'mark it ready first: team cards use the handicaps frozen on the scorecards' : 'a completed round keeps its cards';
    throw new AppError('round_state_conflict', `cannot convert a ${data.round.state} round: ${why}`, [{ message: why, currentState: data.round.state }]);
  }
  const teams = await teamsOf(db, data, body.teams);
  const small = teams.find((t) => t.playerIds.length < 2);
  if (small) refuse(`team ${small.name} has one player; a team card needs two or more`);
  const bestOf = body.bestOf ?? 1;
  if (body.format === 'best_ball') {
    const smallest = Math.min(...teams.map((t) => t.playerIds.length));
    if (bestOf > smallest) refuse(`best ${bestOf} cannot count on a team of ${smallest}`, 'bestOf');
  }
  const cards: StoredCard[] = teams.map((t) => {
    const card: StoredCard = { ...newDocFields(deps, 'teamcard', `${roundId}-${t.key}`), roundId, key: t.key, name: t.name, source: body.teams, format: body.format, playerIds: t.playerIds };
    if (body.format === 'best_ball') card.bestOf = bestOf;
    else card.handicap = scrambleHandicap(data, t.name, t.playerIds);
    return card;
  });

  return { ...(await replaceTeamcards(db, roundId, cards)), data };
}

/**
 * Writes `cards` as the round's team cards, deleting its others; refused (409 `round_has_scores`) when that would
 * drop or turn into best ball a card with team scores.
 */
async function replaceTeamcards(db: Database, roundId: string, cards: StoredCard[]): Promise<{ cards: StoredCard[]; scores: StoredTeamScore[] }> {
  const { cards: before, scores } = await roundTeamcards(db, roundId);
  const next = new Map(cards.map((c) => [c.id, c]));
  const lost = scores.filter((s) => next.get(s.teamcardId)?.format !== 'scramble');
  if (lost.length > 0) {
    throw new AppError('round_has_scores', `team card ${lost[0]!.teamcardId} has team scores this change would drop; delete them or convert to the same scramble teams`);
  }
  const old = new Map(before.map((c) => [c.id, c]));
  const writes: StoredDoc[] = cards.map((c) => {
    const prev = old.get(c.id);
    return prev ? { ...c, _rev: prev._rev!, createdAt: prev.createdAt } : c;
  });
  for (const c of before) if (!next.has(c.id)) writes.push({ _id: c._id, _rev: c._rev!, _deleted: true });
  const results = await db.bulkDocs(writes);
  const failed = results.find((r) => r.error);
  if (failed) throw new AppError('revision_conflict', `the team cards changed meanwhile (${failed.id}); convert again`);
  const written = cards.map((c, i) => ({ ...c, _rev: results[i]!.rev! }));
  return { cards: written, scores };
}

/**
 * `PUT …/rounds/:roundId/sides` (issue 34): four-ball sides, two per group of four, made from the round's pairings
 * by handicap (lowest Playing Handicap with the highest against the middle two, `sidesByHandicap`) or as the organizer
 * gives them (`checkSides`: two partners of one group, no player on two sides). Each side is a best ball team card
 * (`teamcard:<roundId>-<groupId>-<1|2>`, better ball: one net score counts per hole) named by its players, replacing
 * the round's earlier team cards; phones receive them by replication. By handicap, groups not of four get no sides
 * (listed in `skipped`); by the organizer, only the groups given get sides. Refused: a round not four-ball (422), a
 * draft or completed round (409: sides use the handicaps frozen on the scorecards).
 */
export async function makeSides(deps: AppDeps, db: Database, roundId: string, body: SidesBody) {
  const data = await loadRoundData(db, roundId);
  const { round } = data;
  if (round.format !== 'four_ball') refuse(`round ${round.name} is not a four-ball round: sides of two are for four-ball`, 'by');
  if (round.state === 'draft' || round.state === 'completed') {
    const why = round.state === 'draft' ? 'mark it ready first: sides use the handicaps frozen on the scorecards' : 'a completed round keeps its sides';
    throw new AppError('round_state_conflict', `cannot make sides in a ${round.state} round: ${why}`, [{ message: why, currentState: round.state }]);
  }
  const skipped: { groupId: string; number: number; reason: string }[] = [];
  let made: GroupSides[];
  if (body.by === 'handicap') {
    const phs = playingHandicaps(data, roundPlayerIds(round));
    made = [];
    for (const g of round.groups) {
      const r = sidesByHandicap(g.playerIds.map((id) => ({ id, playingHandicap: phs[id] ?? null })));
      if (r.ok) made.push({ groupId: g.id, sides: r.value });
      else skipped.push({ groupId: g.id, number: g.number, reason: r.failure.message });
    }
    if (made.length === 0) refuse('no group of four in this round: four-ball sides need groups of four', 'by');
  } else {
    made = unwrap(checkSides(round.groups, body.sides));
  }
  const names = new Map((await listPlayers(db)).map((p) => [p.id, p.name] as const));
  const cards: StoredCard[] = made.flatMap(({ groupId, sides }) =>
    sides.map((playerIds, i): StoredCard => {
      const key = `${groupId}-${i + 1}`;
      const name = playerIds.map((p) => names.get(p) ?? 'Player').join(' & ');
      return { ...newDocFields(deps, 'teamcard', `${roundId}-${key}`), roundId, key, name, source: 'sides', format: 'best_ball', groupId, playerIds: [...playerIds], bestOf: 1 };
    }),
  );
  return { ...(await replaceTeamcards(db, roundId, cards)), data, skipped };
}

function scrambleHandicap(data: RoundData, name: string, playerIds: string[]): NonNullable<TeamcardDoc['handicap']> {
  const chs = playerIds.map((p) => {
    const card = data.cards.get(p);
    return card ? snapshotCourseHandicap(card.handicap) : null;
  });
  const courseHandicaps = Object.fromEntries(playerIds.map((p, i) => [p, chs[i] ?? null]));
  if (chs.some((c) => c === null)) return { courseHandicaps, teamHandicap: null };
  const r = scrambleTeamHandicap(chs as number[]);
  if (!r.ok) refuse(`team ${name}: ${r.failure.message}`);
  return { courseHandicaps, teamHandicap: unwrap(r) };
}

/**
 * A team card with its hole-by-hole gross and net team scores and totals, by the shared rules of the team board
 * (`bestBallRows`, `scrambleRows`): picked-up balls and a scramble team's pick-up count at net double bogey.
 */
export function presentTeamcard(tripId: string, card: StoredCard, data: RoundData, teamScores: StoredTeamScore[]): z.infer<typeof TeamScorecard> {
  const numbers = data.holes.map((h) => h.number);
  let rows: TeamRows;
  if (card.format === 'best_ball') {
    const phs = playingHandicaps(data, card.playerIds);
    const members = card.playerIds.map((p) => ({
      gross: numbers.map((h): HoleScore => data.gross.get(p)?.get(h) ?? null),
      strokes: numbers.length > 0 ? unwrap(strokesPerHole(phs[p] ?? 0, data.holes)) : [],
    }));
    rows = bestBallRows(data.holes, members, card.bestOf ?? 1);
  } else {
    const byHole = new Map(teamScores.filter((s) => s.teamcardId === card.id).map((s) => [s.hole, s.strokes]));
    rows = scrambleRows(data.holes, numbers.map((h): HoleScore => (byHole.has(h) ? (byHole.get(h) ?? 'pickup') : null)), card.handicap?.teamHandicap ?? 0);
  }
  const { gross, net } = rows;
  const sum = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);
  return {
    ...(stripDoc(card) as TeamcardDoc),
    tripId,
    holes: numbers.map((hole, i) => ({ hole, gross: gross[i] ?? null, net: net[i] ?? null, pickedUp: rows.pickedUp[i] ?? false, netDoubleBogey: rows.netDoubleBogey[i] ?? null })),
    totals: { gross: sum(gross), net: sum(net), thru: gross.filter((g) => g !== null).length },
  };
}

/**
 * `PUT /trips/:tripId/team-scorecards/:teamcardId/scores`: an organizer enters a scramble team's score on a hole,
 * in `teamscore:<teamcardId>:<hole>` (a changed value keeps the earlier one in `history`). Best ball cards take no
 * team scores (409: enter members' scores on their own scorecards); only while the round is ready or in progress
 * (409); the first score starts the round.
 */
export async function enterTeamScore(deps: AppDeps, db: Database, teamcardId: string, body: { hole: number; strokes: number | null }, enteredBy: string) {
  const card = await db.get<StoredCard>(`teamcard:${teamcardId}`);
  if (!card || card.type !== 'teamcard') throw new AppError('not_found', `no team scorecard ${teamcardId} on this trip`);
  if (card.format !== 'scramble') throw new AppError('conflict', "a best ball card counts its members' own scores: enter them on their scorecards");
  const round = await getRound(db, card.roundId);
  if (round.state !== 'ready' && round.state !== 'in_progress') {
    throw new AppError('round_state_conflict', `the round is ${round.state}: team scores are entered while it is ready or in progress`);
  }
  const holes = round.course?.holes.length ?? 0;
  if (body.hole > holes) throw new AppError('unprocessable', `the course has ${holes} holes`, [{ path: ['body', 'hole'], message: `hole ${body.hole} is not on the course` }]);
  const id = teamScoreDocId(card.id, body.hole);
  const now = deps.now().toISOString();
  const prev = await db.get<StoredTeamScore>(id);
  const doc: StoredTeamScore = {
    ...(prev ?? newDocFields(deps, 'teamscore', `${card.id}:${body.hole}`)),
    _id: id,
    type: 'teamscore',
    teamcardId: card.id,
    roundId: card.roundId,
    hole: body.hole,
    strokes: body.strokes,
    enteredBy,
    enteredAt: now,
    history: prev ? [...prev.history, { strokes: prev.strokes, enteredBy: prev.enteredBy, enteredAt: prev.enteredAt }] : [],
    updatedAt: now,
  };
  try {
    const { rev } = await db.put(doc);
    await afterScoresWritten(deps, db, [{ _id: id, roundId: card.roundId }], []);
    return { ...doc, _rev: rev };
  } catch (err) {
    if (err instanceof StoreConflictError) throw new AppError('revision_conflict', 'the hole changed meanwhile; enter it again');
    throw err;
  }
}
