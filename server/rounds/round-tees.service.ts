/**
 * Who plays which tees in a round (issue 34): the round's default tees and each player's own, set for one player or
 * everyone, copied from another round of the trip, and inherited from the previous round on the same course when a
 * round is made. In a ready or started round each changed player's scorecard takes the new tees' ratings at once
 * (the Handicap Index frozen on it stays), so the phones, boards and games count from them at their next read;
 * scores already entered stay as entered. A completed round keeps its tees.
 */
import { handicapSnapshot, roundPlayerIds } from '../../shared/domain/rounds.js';
import type { ErrorDetail } from '../../shared/errors.js';
import type { CopyRoundTeesBody, RoundTeesResult, SetRoundTeesBody, TeeChange } from '../../shared/schemas/round-tees.js';
import type { CreateRoundBody, RoundDoc, ScorecardDoc, ScoreDoc } from '../../shared/schemas/round.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsWithPrefix, updateDoc } from '../store/docs.js';
import { listPlayers } from '../players/players.service.js';
import { getRound } from './round-doc.js';

type Stored<T> = T & StoredDoc;
type TeeShape = Pick<RoundDoc, 'course' | 'defaultTee' | 'playerTees'>;

/** The tees a player plays: their own, else the round's default, else the course's only tee; null when not known yet. */
export function playedTee(round: TeeShape, playerId: string): string | null {
  const tees = round.course?.tees ?? [];
  const name = round.playerTees[playerId] ?? round.defaultTee ?? (tees.length === 1 ? tees[0]!.name : undefined);
  return name && tees.some((t) => t.name === name) ? name : null;
}

/** The course's own spelling of a tee name given in any case, or undefined when the course has no such tees. */
function courseTee(round: TeeShape, name: string): string | undefined {
  return round.course?.tees.find((t) => t.name.toLowerCase() === name.trim().toLowerCase())?.name;
}

/**
 * The round's tees after `body`, checked against the round as it is: every tee must be on its course (422
 * `unknown_tee`), every player in the round (422 `unknown_player`), and once scorecards exist every player must
 * still have tees (422 `unprocessable`). Problems are listed where the request put them.
 */
export function teesAfter(round: RoundDoc, body: SetRoundTeesBody): Pick<RoundDoc, 'defaultTee' | 'playerTees'> {
  const course = round.course;
  if (!course) throw new AppError('unprocessable', 'the round has no course yet: choose its course first, then the tees', [{ path: ['body'], message: 'the round has no course' }]);
  const problems: (ErrorDetail & { code: 'unknown_tee' | 'unknown_player' })[] = [];
  const offered = course.tees.map((t) => t.name).join(', ');
  const tee = (name: string, path: (string | number)[]) => {
    const found = courseTee(round, name);
    if (!found) problems.push({ code: 'unknown_tee', path: ['body', ...path], message: `${course.name} has no ${name} tees; its tees are ${offered}` });
    return found;
  };
  let defaultTee = round.defaultTee;
  let playerTees = { ...round.playerTees };
  if (body.everyone !== undefined) {
    defaultTee = tee(body.everyone, ['everyone']);
    playerTees = {};
  }
  if (body.defaultTee === null) defaultTee = undefined;
  else if (body.defaultTee !== undefined) defaultTee = tee(body.defaultTee, ['defaultTee']);
  const inRound = new Set(roundPlayerIds(round));
  for (const [pid, name] of Object.entries(body.players ?? {})) {
    if (!inRound.has(pid)) problems.push({ code: 'unknown_player', path: ['body', 'players', pid], message: `player ${pid} does not play this round` });
    if (name === null) delete playerTees[pid];
    else {
      const found = tee(name, ['players', pid]);
      if (found) playerTees[pid] = found;
    }
  }
  if (problems.length > 0) throw new AppError(problems[0]!.code, problems[0]!.message, problems);
  const next = { ...round, defaultTee, playerTees };
  if (round.state !== 'draft') {
    const without = roundPlayerIds(round).filter((p) => !playedTee(next, p));
    if (without.length > 0) {
      throw new AppError('unprocessable', `every player of a ${round.state} round needs tees: give the round default tees or these players their own`, [
        { path: ['body', 'defaultTee'], message: `${without.length} player(s) would have no tees`, playerIds: without },
      ]);
    }
  }
  return defaultTee === undefined ? { playerTees } : { defaultTee, playerTees };
}

/** `PATCH /trips/:tripId/rounds/:roundId/tees`. */
export async function setRoundTees(deps: AppDeps, tripId: string, roundId: string, body: SetRoundTeesBody): Promise<Omit<RoundTeesResult, 'round'> & { round: Stored<RoundDoc> }> {
  const db = deps.store.trip(tripId);
  let before: Stored<RoundDoc> | undefined;
  const now = deps.now().toISOString();
  const updated = await updateDoc<Stored<RoundDoc>>(db, (await getRound(db, roundId))._id, (doc) => {
    if (doc.state === 'completed') {
      throw new AppError('round_not_editable', 'a completed round keeps its tees: its results are final', [{ path: ['body'], message: 'the round is completed', currentState: doc.state }]);
    }
    before = doc;
    const { defaultTee, playerTees } = teesAfter(doc, body);
    const next: Stored<RoundDoc> = { ...doc, playerTees, updatedAt: now };
    if (defaultTee) next.defaultTee = defaultTee;
    else delete next.defaultTee;
    return next;
  });
  const round = updated!;
  const moved = roundPlayerIds(round).filter((p) => playedTee(before!, p) !== playedTee(round, p));
  const cards = round.state === 'draft' ? [] : await rateScorecards(deps, db, round);
  const [players, scores] = await Promise.all([listPlayers(db), moved.length ? docsWithPrefix<ScoreDoc & StoredDoc>(db, `score:${round.id}-`) : []]);
  const byId = new Map(players.map((p) => [p.id, p] as const));
  const cardOf = new Map(cards.map((c) => [c.playerId, c] as const));
  const changed = moved.map((pid): TeeChange => {
    const tee = playedTee(round, pid);
    const handicap = cardOf.get(pid)?.handicap ?? (tee ? handicapSnapshot(round, pid, byId.get(pid)?.handicapIndex) : undefined);
    return {
      playerId: pid,
      name: byId.get(pid)?.name ?? '(removed player)',
      from: playedTee(before!, pid),
      tee,
      courseHandicap: handicap?.courseHandicap ?? null,
      playingHandicap: handicap?.playingHandicap ?? null,
      holesEntered: scores.filter((s) => s.playerId === pid).length,
    };
  });
  return { round, changed, notCopied: [] };
}

/**
 * Puts each scorecard of the round on the tees the round now gives its player: a card whose tees differ is rated
 * anew (Course Rating, Slope Rating, par, Course and Playing Handicap) from the Handicap Index frozen on it. Answers
 * every card of the round as stored afterwards.
 */
async function rateScorecards(deps: AppDeps, db: Database, round: RoundDoc): Promise<ScorecardDoc[]> {
  const cards = await docsWithPrefix<Stored<ScorecardDoc>>(db, `scorecard:${round.id}-`);
  const now = deps.now().toISOString();
  return Promise.all(
    cards.map(async (card) => {
      const tee = playedTee(round, card.playerId);
      if (!tee || tee === card.handicap.tee) return card;
      const written = await updateDoc<Stored<ScorecardDoc>>(db, card._id, (doc) =>
        doc.handicap.tee === tee ? undefined : { ...doc, handicap: handicapSnapshot(round, doc.playerId, doc.handicap.handicapIndex ?? undefined), updatedAt: now },
      );
      return written ?? card;
    }),
  );
}

/** `POST /trips/:tripId/rounds/:roundId/tees/copy`: the other round's default, and its players' own tees for the players of both. */
export async function copyRoundTees(deps: AppDeps, tripId: string, roundId: string, body: CopyRoundTeesBody): Promise<Omit<RoundTeesResult, 'round'> & { round: Stored<RoundDoc> }> {
  const db = deps.store.trip(tripId);
  if (body.fromRoundId === roundId) throw new AppError('unprocessable', 'a round cannot copy its own tees', [{ path: ['body', 'fromRoundId'], message: 'choose another round' }]);
  const [target, source] = await Promise.all([getRound(db, roundId), getRound(db, body.fromRoundId)]);
  const sourceDefault = source.defaultTee ?? (source.course?.tees.length === 1 ? source.course.tees[0]!.name : undefined);
  const notCopied: RoundTeesResult['notCopied'] = [];
  const set: SetRoundTeesBody = { players: {} };
  let newDefault = target.defaultTee;
  if (sourceDefault) {
    const t = courseTee(target, sourceDefault);
    if (t) set.defaultTee = newDefault = t;
    else notCopied.push({ playerId: null, tee: sourceDefault, message: `${target.course?.name ?? 'this round'} has no ${sourceDefault} tees` });
  }
  const sourcePlayers = new Set(roundPlayerIds(source));
  for (const pid of roundPlayerIds(target)) {
    if (!sourcePlayers.has(pid)) continue;
    const own = source.playerTees[pid];
    if (!own) {
      // On the other round's default: on this round's too, when that default came across.
      if (set.defaultTee) set.players![pid] = null;
      continue;
    }
    const t = courseTee(target, own);
    if (!t) notCopied.push({ playerId: pid, tee: own, message: `${target.course?.name ?? 'this round'} has no ${own} tees` });
    else set.players![pid] = t === newDefault ? null : t;
  }
  if (set.defaultTee === undefined && Object.keys(set.players!).length === 0) {
    throw new AppError('unprocessable', `${source.name} has no tees this round can take`, [{ path: ['body', 'fromRoundId'], message: notCopied.map((n) => n.message).join('; ') || `${source.name} has no tees chosen` }]);
  }
  const result = await setRoundTees(deps, tripId, roundId, set);
  return { ...result, notCopied };
}

/**
 * A new round's tees from the trip's previous round on the same course (by name), when the new round gives no
 * player tees of its own: each player's own tees there, where they differ from the new round's default. The default
 * is the new round's own (the dashboard always gives one). A round on another course, or later in the trip, is not
 * looked at.
 */
export function inheritTees(rounds: readonly RoundDoc[], body: CreateRoundBody): CreateRoundBody {
  if (!body.course || Object.keys(body.playerTees).length > 0) return body;
  const name = body.course.name.toLowerCase();
  const earlier = rounds
    .filter((r) => r.course?.name.toLowerCase() === name && (r.date < body.date || (r.date === body.date && (r.startTime ?? '') <= (body.startTime ?? ''))))
    .sort((a, b) => a.date.localeCompare(b.date) || (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.createdAt.localeCompare(b.createdAt))
    .at(-1);
  if (!earlier) return body;
  const target = { course: body.course, defaultTee: body.defaultTee, playerTees: {} };
  const playerTees: Record<string, string> = {};
  for (const pid of roundPlayerIds(body)) {
    const own = earlier.playerTees[pid];
    const t = own ? courseTee(target, own) : undefined;
    if (t && t !== body.defaultTee) playerTees[pid] = t;
  }
  return { ...body, playerTees };
}
