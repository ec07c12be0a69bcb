import { pointGameView, roundDataOf } from '../../shared/domain/games/state/index.js';
import { competitionBoard as competitionBoardOf, roundBoard as roundBoardOf, type DocsByType } from '../../shared/domain/leaderboards/index.js';
import { potNets, potPayouts } from '../../shared/domain/money/pot.js';
import { checkOrganizerEntries, organizerScore, type OrganizerEntry } from '../../shared/domain/score-corrections.js';
import type { CompetitionDoc } from '../../shared/schemas/competition.js';
import type { SideGameState } from '../../shared/schemas/games.js';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { RoundDoc, ScorecardDoc, ScoreDoc } from '../../shared/schemas/round.js';
import { scoreDocId } from '../../shared/schemas/round.js';
import type { CorrectionPreview } from '../../shared/schemas/trip-day.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { unwrap } from '../http/errors.js';
import { listPointGames } from '../games/pointgames.service.js';
import { listSideGames } from '../games/sidegames.service.js';
import { sideGameState } from '../games/sidegames.state.js';
import { boardDocs } from '../leaderboards/leaderboards.service.js';
import { getPot, potStandings } from '../money/pot.service.js';
import { listSettlements, netsOf } from '../money/settlements.service.js';
import { holesOf } from '../scores/corrections.service.js';
import { deepFreeze, oncePerSeq } from '../store/by-seq.js';
import type { Database, StoredDoc } from '../store/docstore.js';

type Stored<T> = T & StoredDoc;
type Pair<T> = { before: T; after: T };

/**
 * The consequences of an organizer's correction (or of settling a dispute) before it is made (issue 24): the exact
 * write `organizerEnterScores` would make (the same checks, the same `organizerScore`), substituted into the trip's
 * documents in memory, and every result recomputed with the same shared functions the API answers with: the round
 * board, the round's skins and Nassau games, its point games, the money of those games, and the unified plan's nets
 * (games of completed rounds and the tournament pot applied again when it counts this round). Nothing is written.
 */
export async function previewCorrection(
  deps: AppDeps,
  db: Database,
  trip: TripDoc & { id: string },
  by: { sub: string },
  card: Stored<ScorecardDoc>,
  round: Stored<RoundDoc>,
  entries: OrganizerEntry[],
): Promise<CorrectionPreview> {
  unwrap(checkOrganizerEntries(round.state, holesOf(round), entries));
  const before = await stateBefore(db, trip.id, round);
  const { docs, roundScores, roundCards } = before;
  const byId = new Map(roundScores.map((s) => [s._id, s] as const));
  const now = deps.now().toISOString();
  const fields = { type: 'score' as const, scorecardId: card.id, roundId: card.roundId, playerId: card.playerId };
  const changed: Stored<ScoreDoc>[] = [];
  const scoreChanges: CorrectionPreview['scores'] = [];
  for (const e of entries) {
    const id = scoreDocId(card.id, e.hole);
    const prev = byId.get(id);
    const entry = { strokes: e.strokes, enteredBy: `organizer:${by.sub}`, deviceId: 'dashboard', enteredAt: now, ...(e.reason ? { reason: e.reason } : {}) };
    const next = organizerScore(prev, { ...fields, _id: id, hole: e.hole }, entry) as Stored<ScoreDoc> | undefined;
    if (!next) continue;
    changed.push(next);
    scoreChanges.push({ hole: e.hole, strokes: { before: prev ? prev.strokes : null, after: e.strokes }, disputeSettled: prev?.disputed === true });
  }
  const changedIds = new Set(changed.map((d) => d._id));
  const substitute = (list: readonly Stored<ScoreDoc>[]) => [...list.filter((s) => !changedIds.has(s._id)), ...changed];
  const afterScores = substitute(roundScores);
  const names = new Map(((docs.player ?? []) as readonly PlayerDoc[]).map((p) => [p.id, p.name] as const));
  const nameOf = (id: string) => names.get(id) ?? '(removed player)';

  // The round board at its default basis, of the stored documents and of the corrected ones (one state for both).
  const boardBefore = before.board;
  const boardAfter = unwrap(roundBoardOf({ ...docs, score: afterScores, scorecard: roundCards }, round.id, {}));
  const lineBefore = new Map(boardBefore.entries.map((e) => [e.playerId, e] as const));
  const board = {
    basis: boardAfter.basis,
    changes: boardAfter.entries.flatMap((a) => {
      const b = lineBefore.get(a.playerId);
      if (!b || (b.label === a.label && b.gross === a.gross && b.net === a.net && b.points === a.points && b.toPar === a.toPar)) return [];
      const pair = <T>(x: T, y: T): Pair<T> => ({ before: x, after: y });
      return [{ playerId: a.playerId, name: a.name, position: pair(b.label, a.label), gross: pair(b.gross, a.gross), net: pair(b.net, a.net), points: pair(b.points, a.points), toPar: pair(b.toPar, a.toPar) }];
    }),
  };

  const dataBefore = before.data;
  const dataAfter = roundDataOf(round, roundCards, afterScores);
  const { games, pointGames, settlements, pot } = before;
  const sideGames: CorrectionPreview['sideGames'] = [];
  const moneyBefore: Record<string, number> = {};
  const moneyAfter: Record<string, number> = {};
  const finalDelta: Record<string, number> = {};
  games.forEach((game, i) => {
    const b = before.states[i]!;
    const a = changed.length > 0 ? sideGameState(game, dataAfter) : b;
    add(moneyBefore, b.moneyCents);
    add(moneyAfter, a.moneyCents);
    if (a.final) {
      add(finalDelta, a.moneyCents);
      add(finalDelta, b.moneyCents, -1);
    }
    const change = gameChange(b, a);
    if (change) sideGames.push({ gameId: game.id, name: game.name, kind: game.kind, final: a.final, ...change });
  });

  const pointGameChanges: CorrectionPreview['pointGames'] = [];
  pointGames.forEach((pg, i) => {
    const b = before.pointViews[i]!;
    const a = changed.length > 0 ? pointGameView(pg, dataAfter) : b;
    if (!b.ok || !a.ok) return;
    const totals = new Map(b.value.state.perHole.map((h) => [h.hole, h.total] as const));
    const holes = a.value.state.perHole.filter((h) => totals.get(h.hole) !== h.total).map((h) => ({ hole: h.hole, total: { before: totals.get(h.hole) ?? null, after: h.total } }));
    if (holes.length > 0 || b.value.state.runningTotal !== a.value.state.runningTotal) {
      pointGameChanges.push({ pointGameId: pg.id, team: pg.team, runningTotal: { before: b.value.state.runningTotal, after: a.value.state.runningTotal }, holes });
    }
  });

  // The tournament pot is applied again after a correction when its competition counts this round (corrections.service.ts).
  if (pot?.applied && changed.length > 0) {
    const competition = ((docs.competition ?? []) as readonly CompetitionDoc[]).find((c) => c.id === pot.applied!.competitionId);
    if (competition?.roundIds.includes(round.id)) {
      const boardNow = competitionBoardOf({ ...docs, score: substitute((docs.score ?? []) as readonly Stored<ScoreDoc>[]) }, competition.id);
      if (boardNow.ok && boardNow.value.kind === 'tournament') {
        const participants = pot.applied.entries.map((e) => e.playerId);
        const standings = potStandings(boardNow.value.entries, participants);
        const totalCents = pot.entryCents * participants.length;
        if (standings.length >= pot.payouts.length) {
          const payouts = potPayouts({ totalCents, mode: pot.payoutMode, payouts: pot.payouts, standings });
          add(finalDelta, potNets({ payouts, entries: pot.applied.entries }));
          add(finalDelta, potNets(pot.applied), -1);
        }
      }
    }
  }

  // The plan's nets read every game of the trip: computed only when something moves, once per state of the database.
  const nets = Object.keys(finalDelta).some((k) => finalDelta[k] !== 0) ? await oncePerSeq(db, 'preview-unified-nets', async () => deepFreeze(await netsOf(db, trip.id, 'unified'))) : [];
  const unifiedNets = nets.flatMap((n) => (finalDelta[n.playerId] ? [{ playerId: n.playerId, name: n.name, cents: { before: n.netCents, after: n.netCents + finalDelta[n.playerId]! } }] : []));
  const ids = new Set([...Object.keys(moneyBefore), ...Object.keys(moneyAfter)]);
  const roundGameMoney = [...ids].flatMap((id) => ((moneyBefore[id] ?? 0) === (moneyAfter[id] ?? 0) ? [] : [{ playerId: id, name: nameOf(id), cents: { before: moneyBefore[id] ?? 0, after: moneyAfter[id] ?? 0 } }]));
  const pendingPlan = settlements.some((s) => s.status === 'pending' && s.kind !== 'plain');
  return {
    scorecardId: card.id,
    roundId: round.id,
    playerId: card.playerId,
    scores: scoreChanges,
    unchanged: changed.length === 0,
    board,
    sideGames,
    pointGames: pointGameChanges,
    roundGameMoney,
    unifiedNets,
    settlements: {
      pendingReplanned: pendingPlan && unifiedNets.length > 0 ? settlements.filter((s) => s.status === 'pending').length : 0,
      paidOrConfirmedKept: settlements.filter((s) => s.status !== 'pending').length,
    },
  };
}

/**
 * What the preview compares against, computed once per state of the trip database and shared (`oncePerSeq`), so an
 * organizer trying several values, or several organizers, pay only for the corrected side: the trip's documents
 * (shared with the leaderboards), the round's scores and cards, its board, its games and their states.
 */
function stateBefore(db: Database, tripId: string, round: RoundDoc) {
  return oncePerSeq(db, JSON.stringify(['preview-before', round.id]), async (seq) => {
    const docs = await boardDocs(db, seq);
    const roundScores = ((docs.score ?? []) as readonly Stored<ScoreDoc>[]).filter((s) => s.roundId === round.id);
    const roundCards = ((docs.scorecard ?? []) as readonly ScorecardDoc[]).filter((c) => c.roundId === round.id);
    const [games, pointGames, settlements, pot] = await Promise.all([listSideGames(db, round.id), listPointGames(db, round.id), listSettlements(db), getPot(db, tripId)]);
    // A round's board reads only that round's cards and scores: the other rounds' are left out of its snapshot.
    const board = unwrap(roundBoardOf({ ...docs, score: roundScores, scorecard: roundCards }, round.id, {}));
    const data = roundDataOf(round, roundCards, roundScores);
    const states = games.map((g) => sideGameState(g, data));
    const pointViews = pointGames.map((pg) => pointGameView(pg, data));
    return deepFreeze({ docs, roundScores, roundCards, board, data, games, pointGames, settlements, pot, states, pointViews });
  });
}

function add(into: Record<string, number>, from: Record<string, number>, sign = 1): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + sign * v;
}

/** What moved in one side game: money per player, skins per hole, Nassau bets; undefined when nothing did. */
function gameChange(b: SideGameState, a: SideGameState): Omit<CorrectionPreview['sideGames'][number], 'gameId' | 'name' | 'kind' | 'final'> | undefined {
  const moneyCents: Record<string, Pair<number>> = {};
  for (const id of new Set([...Object.keys(b.moneyCents), ...Object.keys(a.moneyCents)])) {
    const x = b.moneyCents[id] ?? 0;
    const y = a.moneyCents[id] ?? 0;
    if (x !== y) moneyCents[id] = { before: x, after: y };
  }
  const skinsHoles: CorrectionPreview['sideGames'][number]['skinsHoles'] = [];
  const nassauBets: CorrectionPreview['sideGames'][number]['nassauBets'] = [];
  if (b.kind === 'skins' && a.kind === 'skins') {
    const was = new Map(b.holes.map((h) => [h.hole, h] as const));
    for (const h of a.holes) {
      const o = was.get(h.hole);
      if (!o || o.winner !== h.winner || o.skinsWon !== h.skinsWon || o.outcome !== h.outcome) {
        skinsHoles.push({ hole: h.hole, winner: { before: o?.winner ?? null, after: h.winner }, skinsWon: { before: o?.skinsWon ?? 0, after: h.skinsWon }, outcome: { before: o?.outcome ?? 'no_scores', after: h.outcome } });
      }
    }
  }
  if (b.kind === 'nassau' && a.kind === 'nassau') {
    const was = new Map(b.bets.map((x) => [x.id, x] as const));
    for (const bet of a.bets) {
      const o = was.get(bet.id);
      // A bet changes when its result does, or, while it is still being played, when who is up does; the holes a
      // decided bet goes on counting after it was won change nothing a golfer reads.
      const moved = !o || o.result !== bet.result || (bet.result === 'in_progress' && o.aUp !== bet.aUp);
      if (moved) nassauBets.push({ id: bet.id, result: { before: o?.result ?? 'none', after: bet.result }, aUp: { before: o?.aUp ?? 0, after: bet.aUp } });
    }
    for (const o of b.bets) if (!a.bets.some((x) => x.id === o.id)) nassauBets.push({ id: o.id, result: { before: o.result, after: 'none' }, aUp: { before: o.aUp, after: 0 } });
  }
  if (Object.keys(moneyCents).length === 0 && skinsHoles.length === 0 && nassauBets.length === 0) return undefined;
  return { moneyCents, skinsHoles, nassauBets };
}
