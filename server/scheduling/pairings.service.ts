import type { z } from 'zod';
import { pairPlayers } from '../../shared/domain/scheduling/pairings.js';
import { drawSeed, createRng } from '../../shared/domain/scheduling/random.js';
import { brokenRules } from '../../shared/domain/scheduling/rules.js';
import { movePlayer, swapGroups, swapPlayers, type SwapResult } from '../../shared/domain/scheduling/swaps.js';
import { assignTeeTimes, type TeeTimeInput } from '../../shared/domain/scheduling/tee-times.js';
import type { Groups, RuleBreak, SchedPlayer, SchedRule } from '../../shared/domain/scheduling/types.js';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { RoundDoc, ScorecardDoc } from '../../shared/schemas/round.js';
import type { AutoPairBody, BulkTeeTimesBody, Pairings, SchedulingRuleInput } from '../../shared/schemas/scheduling.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { roundBoard } from '../leaderboards/leaderboards.service.js';
import { listPlayers } from '../players/players.service.js';
import { getRound, patchRound, scoresOf } from '../rounds/rounds.service.js';
import { roundPlayerIds } from '../../shared/domain/rounds.js';
import { docsWithPrefix } from '../store/docs.js';
import type { Database, StoredDoc } from '../store/docstore.js';

type Stored<T> = T & StoredDoc;

/** What a scheduling route works on: the round and its trip (server/scheduling/round-access.ts finds it). */
export interface RoundContext {
  tripId: string;
  db: Database;
  round: Stored<RoundDoc>;
}

/** How a round's groups were made, beside the round (whose `groups` stay the one truth about who plays with whom). */
export interface PairingMeta {
  strategy: string | null;
  seed: number | null;
  spread: number | null;
  brokenRules: RuleBreak[];
  teeFormat: 'single' | 'two_tee' | 'shotgun' | null;
  /** Shotgun doubles: group number → A or B. */
  labels: Record<string, 'A' | 'B'>;
}
type PairingDoc = Stored<PairingMeta & { type: 'pairing'; id: string; roundId: string; createdAt: string; updatedAt: string }>;

const pairingDocId = (roundId: string) => `pairing:${roundId}`;
const rulesDocId = 'schedrules:trip';

export async function schedPlayers(db: Database): Promise<Map<string, SchedPlayer & { doc: Stored<PlayerDoc> }>> {
  const players = await listPlayers(db);
  return new Map(
    players.map((p) => [
      p.id,
      { id: p.id, name: p.name, handicapIndex: p.handicapIndex ?? null, team: p.team ?? null, division: p.division ?? null, flight: p.flight ?? null, ...(p.fields ? { custom: p.fields } : {}), doc: p },
    ]),
  );
}

/** The trip's stored Keep Together / Keep Apart rules (`PUT /events/:id/rules`). */
export async function storedRules(db: Database): Promise<SchedRule[]> {
  const doc = await db.get<Stored<{ rules: SchedRule[] }>>(rulesDocId);
  return doc?.rules ?? [];
}

export async function putRules(deps: AppDeps, db: Database, rules: z.output<typeof SchedulingRuleInput>[]): Promise<SchedRule[]> {
  const players = await schedPlayers(db);
  rules.forEach((r, i) => {
    const unknown = r.playerIds.filter((id) => !players.has(id));
    if (unknown.length) throw new AppError('unknown_player', `rule ${i + 1} names players not on this trip: ${unknown.join(', ')}`, unknown.map((id) => ({ path: ['body', 'rules', i, 'playerIds'], message: `player ${id} is not on this trip` })));
  });
  const stored: SchedRule[] = rules.map((r, i) => ({ id: `rule${i + 1}`, kind: r.kind, playerIds: r.playerIds, priority: r.priority, ...(r.note ? { note: r.note } : {}) }));
  const now = deps.now().toISOString();
  for (let attempt = 0; ; attempt++) {
    const current = await db.get(rulesDocId);
    try {
      await db.put({ _id: rulesDocId, type: 'schedrules', id: 'trip', rules: stored, createdAt: (current?.createdAt as string) ?? now, updatedAt: now, ...(current ? { _rev: current._rev } : {}) });
      return stored;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

async function getMeta(db: Database, roundId: string): Promise<PairingDoc | undefined> {
  return db.get<PairingDoc>(pairingDocId(roundId));
}

async function putMeta(deps: AppDeps, db: Database, roundId: string, meta: PairingMeta): Promise<void> {
  const now = deps.now().toISOString();
  for (let attempt = 0; ; attempt++) {
    const current = await getMeta(db, roundId);
    try {
      await db.put({ _id: pairingDocId(roundId), type: 'pairing', id: roundId, roundId, ...meta, createdAt: current?.createdAt ?? now, updatedAt: now, ...(current ? { _rev: current._rev } : {}) });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** The round's pairings as the API shows them: groups with names and handicap totals, tee times, how they were made. */
export async function presentPairings(db: Database, tripId: string, round: Stored<RoundDoc>): Promise<z.infer<typeof Pairings>> {
  const [players, meta, play] = await Promise.all([schedPlayers(db), getMeta(db, round.id), inPlay(db, round)]);
  const member = (id: string) => ({ id, name: players.get(id)?.name ?? '(removed player)', handicapIndex: players.get(id)?.handicapIndex ?? null });
  const groups = round.groups.map((g) => {
    const members = g.playerIds.map((id) => ({ ...member(id), ...(play ? { holesEntered: play.holes.get(id) ?? 0, outOfPlay: play.out.get(id) ?? null } : {}) }));
    const indexes = members.map((m) => m.handicapIndex).filter((h): h is number => h !== null);
    return {
      number: g.number,
      playerIds: g.playerIds,
      players: members,
      handicapTotal: indexes.length ? Math.round(indexes.reduce((a, b) => a + b, 0) * 10) / 10 : null,
      teeTime: g.teeTime ?? null,
      startingHole: g.startingHole ?? null,
      label: meta?.labels[String(g.number)] ?? null,
      ...(play ? { started: g.playerIds.some((id) => (play.holes.get(id) ?? 0) > 0) } : {}),
    };
  });
  const grouped = new Set(round.groups.flatMap((g) => g.playerIds));
  const totals = groups.map((g) => g.handicapTotal).filter((t): t is number => t !== null);
  return {
    tripId,
    roundId: round.id,
    roundState: round.state,
    strategy: meta?.strategy ?? null,
    seed: meta?.seed ?? null,
    groups,
    spread: totals.length ? Math.round((Math.max(...totals) - Math.min(...totals)) * 10) / 10 : null,
    brokenRules: meta?.brokenRules ?? [],
    teeFormat: meta?.teeFormat ?? null,
    updatedAt: meta?.updatedAt ?? null,
    ...(play ? { outOfGroups: roundPlayerIds(round).filter((id) => !grouped.has(id)).map((id) => ({ ...member(id), outOfPlay: play.out.get(id) ?? null })) } : {}),
  };
}

/** A round with scorecards: holes entered per player, and who is marked out of play (issue 34). */
async function inPlay(db: Database, round: RoundDoc): Promise<{ holes: Map<string, number>; out: Map<string, { kind: 'no_show' | 'withdrawn'; afterHole: number; nassau: 'forfeit' | 'void' }> } | null> {
  if (round.state === 'draft') return null;
  const [scores, cards] = await Promise.all([scoresOf(db, round.id), docsWithPrefix<Stored<ScorecardDoc>>(db, `scorecard:${round.id}-`)]);
  const holes = new Map<string, number>();
  for (const s of scores) holes.set(s.playerId, (holes.get(s.playerId) ?? 0) + 1);
  const out = new Map(cards.flatMap((c) => (c.outOfPlay ? [[c.playerId, { kind: c.outOfPlay.kind, afterHole: c.outOfPlay.afterHole, nassau: c.outOfPlay.nassau }] as const] : [])));
  return { holes, out };
}

/**
 * Writes new groups into the round through the rounds service (which decides what a round in its state may
 * change: a ready round may move players between groups, never add or drop any) and keeps the tee times of group
 * positions unless new ones are given.
 */
async function writeGroups(deps: AppDeps, ctx: RoundContext, groups: { playerIds: string[]; teeTime?: string | undefined; startingHole?: number | undefined }[]): Promise<Stored<RoundDoc>> {
  const body = groups.map((g) => ({ playerIds: g.playerIds, ...(g.teeTime ? { teeTime: g.teeTime } : {}), ...(g.startingHole ? { startingHole: g.startingHole } : {}) }));
  return patchRound(deps, ctx.tripId, ctx.round.id, { groups: body });
}

function keepSlots(round: RoundDoc, groups: Groups) {
  return groups.map((playerIds, i) => ({ playerIds, teeTime: round.groups[i]?.teeTime, startingHole: round.groups[i]?.startingHole }));
}

/** Results of a completed round, lower is better (net strokes to par), for By Previous Results. */
async function previousResults(db: Database, roundId: string): Promise<{ playerId: string; score: number }[]> {
  const round = await getRound(db, roundId).catch(() => undefined);
  if (!round) throw new AppError('unprocessable', `no round ${roundId} on this trip`, [{ path: ['body', 'resultsRoundId'], message: 'unknown round' }]);
  if (round.state !== 'completed') throw new AppError('unprocessable', `${round.name} is not completed: By Previous Results pairs from a completed round`, [{ path: ['body', 'resultsRoundId'], message: 'not completed' }]);
  const board = await roundBoard(db, roundId, { basis: 'net' });
  return board.entries.filter((e) => e.thru > 0).map((e) => ({ playerId: e.playerId, score: e.netToPar }));
}

export async function autoPair(deps: AppDeps, ctx: RoundContext, body: z.output<typeof AutoPairBody>) {
  const players = await schedPlayers(ctx.db);
  const ids = body.playerIds ?? (ctx.round.playerIds.length ? ctx.round.playerIds : ctx.round.groups.flatMap((g) => g.playerIds));
  const unknown = ids.filter((id) => !players.has(id));
  if (unknown.length) throw new AppError('unknown_player', `not on this trip: ${unknown.join(', ')}`, unknown.map((id) => ({ path: ['body', 'playerIds'], message: `player ${id} is not on this trip` })));
  if (ids.length < 2) throw new AppError('unprocessable', 'the round has fewer than 2 players to pair');
  const rules = [...(await storedRules(ctx.db)), ...(body.rules ?? []).map((r, i) => ({ id: `request${i + 1}`, kind: r.kind, playerIds: r.playerIds, priority: r.priority }))];
  const seed = body.seed ?? drawSeed();
  const results = body.strategy === 'previous_results' ? await previousResults(ctx.db, body.resultsRoundId!) : undefined;
  let result;
  try {
    result = pairPlayers(
      {
        players: ids.map((id) => players.get(id)!),
        groupSize: body.groupSize,
        strategy: body.strategy,
        rules: rules.filter((r) => r.playerIds.every((id) => ids.includes(id))),
        ...(results ? { results } : {}),
        ...(body.ordering ? { ordering: body.ordering } : {}),
        ...(body.optimize ? { optimize: true } : {}),
      },
      createRng(seed),
    );
  } catch (err) {
    if (err instanceof RangeError) throw new AppError('group_size_out_of_range', err.message, [{ path: ['body', 'groupSize'], message: err.message }]);
    throw err;
  }
  const round = await writeGroups(deps, ctx, keepSlots(ctx.round, result.groups));
  const previous = await getMeta(ctx.db, round.id);
  await putMeta(deps, ctx.db, round.id, { strategy: body.strategy, seed, spread: result.spread, brokenRules: result.brokenRules, teeFormat: previous?.teeFormat ?? null, labels: previous?.labels ?? {} });
  return presentPairings(ctx.db, ctx.tripId, round);
}

export type SwapOp = { op: 'swap_players'; a: string; b: string } | { op: 'move_player'; playerId: string; toGroup: number } | { op: 'swap_groups'; a: number; b: number; exchange: 'players' | 'tee_times' };

/** Swaps, moves and group exchanges: sizes and rules checked, what a move breaks is answered (and kept with the pairing). */
export async function applySwap(deps: AppDeps, ctx: RoundContext, op: SwapOp) {
  const groups: Groups = ctx.round.groups.map((g) => [...g.playerIds]);
  if (groups.length === 0) throw new AppError('unprocessable', 'the round has no groups yet: pair it first');
  const players = await schedPlayers(ctx.db);
  const names = new Map([...players].map(([id, p]) => [id, p.name]));
  const rules = await storedRules(ctx.db);
  let slots = ctx.round.groups.map((g) => ({ teeTime: g.teeTime, startingHole: g.startingHole }));
  let result: SwapResult;
  if (op.op === 'swap_players') result = swapPlayers(groups, op.a, op.b, rules);
  else if (op.op === 'move_player') result = movePlayer(groups, op.playerId, op.toGroup - 1, rules);
  else if (op.exchange === 'players') result = swapGroups(groups, op.a - 1, op.b - 1, rules);
  else {
    // Tee times: the groups keep their players and trade their slots.
    const [i, j] = [op.a - 1, op.b - 1];
    if (!slots[i] || !slots[j] || i === j) result = { groups, brokenRules: brokenRules(groups, rules, names), problem: i === j ? 'the two groups are the same' : `no group ${!slots[i] ? op.a : op.b}` };
    else {
      slots = slots.map((s, k) => (k === i ? slots[j]! : k === j ? slots[i]! : s));
      result = { groups, brokenRules: brokenRules(groups, rules, names), problem: null };
    }
  }
  // The organizer reads the refusal and the broken rules: players by name, as auto-pair's reasons name them.
  if (result.problem) throw new AppError('unprocessable', namesIn(result.problem, names));
  result = { ...result, brokenRules: brokenRules(result.groups, rules, names) };
  const round = await writeGroups(deps, ctx, result.groups.map((playerIds, i) => ({ playerIds, teeTime: slots[i]?.teeTime, startingHole: slots[i]?.startingHole })));
  const meta = await getMeta(ctx.db, round.id);
  await putMeta(deps, ctx.db, round.id, { strategy: meta?.strategy ?? null, seed: meta?.seed ?? null, spread: meta?.spread ?? null, teeFormat: meta?.teeFormat ?? null, labels: meta?.labels ?? {}, brokenRules: result.brokenRules });
  return { pairings: await presentPairings(ctx.db, ctx.tripId, round), brokenRules: result.brokenRules };
}

/** A sentence of the swap rules with each player id replaced by the player's name. */
function namesIn(text: string, names: ReadonlyMap<string, string>): string {
  return text.replace(/\b[a-z][a-z0-9]{5,39}\b/g, (word) => names.get(word) ?? word);
}

/** Tee times for every group of the round, in group order. Out-of-range input is 422 naming the limit broken. */
export async function bulkTeeTimes(deps: AppDeps, ctx: RoundContext, body: z.output<typeof BulkTeeTimesBody>) {
  if (ctx.round.groups.length === 0) throw new AppError('unprocessable', 'the round has no groups yet: pair it first');
  const answer = assignTeeTimes(teeTimeInput(body, ctx.round, ctx.round.groups.length));
  if ('problem' in answer) throw new AppError('unprocessable', answer.problem, [{ path: ['body'], message: answer.problem, limit: answer.limit }]);
  const bySlot = new Map(answer.slots.map((s) => [s.group, s]));
  const round = await writeGroups(
    deps,
    ctx,
    ctx.round.groups.map((g, i) => ({ playerIds: g.playerIds, teeTime: bySlot.get(i)?.time, startingHole: bySlot.get(i)?.hole })),
  );
  const meta = await getMeta(ctx.db, round.id);
  const labels: Record<string, 'A' | 'B'> = {};
  for (const s of answer.slots) if (s.label) labels[String(round.groups[s.group]!.number)] = s.label;
  await putMeta(deps, ctx.db, round.id, { strategy: meta?.strategy ?? null, seed: meta?.seed ?? null, spread: meta?.spread ?? null, brokenRules: meta?.brokenRules ?? [], teeFormat: body.format, labels });
  return presentPairings(ctx.db, ctx.tripId, round);
}

function stripUndefined<T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}

/** The tee-time request of `bulk-tee-times` (also each round's of multi-round pairings) for `groupCount` groups of the round. */
export function teeTimeInput(body: z.output<typeof BulkTeeTimesBody>, round: RoundDoc, groupCount: number): TeeTimeInput {
  return {
    groupCount,
    format: body.format,
    firstTime: body.firstTime,
    holes: round.course?.holes.length === 9 ? 9 : 18,
    ...(body.intervalMinutes !== undefined ? { intervalMinutes: body.intervalMinutes } : {}),
    ...(body.shotgun ? { shotgun: stripUndefined(body.shotgun) } : {}),
    ...(body.reverseHorseshoe !== undefined ? { reverseHorseshoe: body.reverseHorseshoe } : {}),
  };
}

/** Tee times written straight from slots (copy pairings, second rounds, multi-round schedules). */
export async function writeSchedule(deps: AppDeps, ctx: RoundContext, groups: { playerIds: string[]; teeTime?: string | undefined; startingHole?: number | undefined }[], meta: Partial<PairingMeta>) {
  const round = await writeGroups(deps, ctx, groups);
  const before = await getMeta(ctx.db, round.id);
  await putMeta(deps, ctx.db, round.id, {
    strategy: meta.strategy ?? before?.strategy ?? null,
    seed: meta.seed ?? before?.seed ?? null,
    spread: meta.spread ?? null,
    brokenRules: meta.brokenRules ?? [],
    teeFormat: meta.teeFormat ?? before?.teeFormat ?? null,
    labels: meta.labels ?? {},
  });
  return round;
}
