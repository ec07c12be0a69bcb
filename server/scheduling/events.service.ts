import type { z } from 'zod';
import { createRng, drawSeed } from '../../shared/domain/scheduling/random.js';
import { planRoundTeeSheet, roundRobin, type RRParticipant } from '../../shared/domain/scheduling/round-robin.js';
import { copyPairings, secondRound, type SlotGroup } from '../../shared/domain/scheduling/transforms.js';
import { planWaves } from '../../shared/domain/scheduling/waves.js';
import type { RoundDoc } from '../../shared/schemas/round.js';
import type { CopyPairingsBody, RoundRobinBody, SecondRoundBody, WavesBody } from '../../shared/schemas/scheduling.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { getRound } from '../rounds/rounds.service.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { presentPairings, schedPlayers, writeSchedule, type RoundContext } from './pairings.service.js';

type Stored<T> = T & StoredDoc;

export async function roundOfTrip(db: Database, roundId: string, field: string, where: 'body' | 'query' = 'body'): Promise<Stored<RoundDoc>> {
  try {
    return await getRound(db, roundId);
  } catch {
    throw new AppError('unprocessable', `no round ${roundId} on this trip`, [{ path: [where, field], message: 'unknown round' }]);
  }
}

function slotGroups(round: RoundDoc): SlotGroup[] {
  return round.groups.map((g) => ({ players: g.playerIds, time: g.teeTime ?? '', hole: g.startingHole ?? 1, session: g.teeTime ? (g.teeTime < '12:00' ? 'AM' : 'PM') : null }));
}

function needsTimes(round: RoundDoc, what: string): void {
  if (round.groups.length === 0) throw new AppError('unprocessable', `${round.name} has no groups yet: pair it first`);
  if (round.groups.some((g) => !g.teeTime)) throw new AppError('unprocessable', `${round.name} has groups without a tee time: assign tee times before ${what}`);
}

/** `POST /rounds/:id/copy-pairings`: this round's groups into another round of the trip, with its tee times moved as asked. */
export async function copyPairingsTo(deps: AppDeps, ctx: RoundContext, body: z.output<typeof CopyPairingsBody>) {
  const target = await roundOfTrip(ctx.db, body.toRoundId, 'toRoundId');
  if (target.id === ctx.round.id) throw new AppError('unprocessable', 'copy pairings to another round', [{ path: ['body', 'toRoundId'], message: 'the same round' }]);
  if (ctx.round.groups.length === 0) throw new AppError('unprocessable', `${ctx.round.name} has no groups to copy`);
  const timed = ctx.round.groups.every((g) => g.teeTime);
  const copied = copyPairings(slotGroups(ctx.round), {
    ...(body.offsetMinutes !== undefined ? { offsetMinutes: body.offsetMinutes } : {}),
    ...(body.swapStartingHoles !== undefined ? { swapStartingHoles: body.swapStartingHoles } : {}),
    keepTimes: body.keepTimes ?? (body.newFirstTime === undefined && body.offsetMinutes === undefined),
    ...(body.newFirstTime !== undefined ? { newFirstTime: body.newFirstTime } : {}),
    ...(body.intervalMinutes !== undefined ? { intervalMinutes: body.intervalMinutes } : {}),
  });
  if ('problem' in copied) throw new AppError('unprocessable', copied.problem);
  const round = await writeSchedule(
    deps,
    { tripId: ctx.tripId, db: ctx.db, round: target },
    copied.groups.map((g) => ({ playerIds: g.players, teeTime: timed || body.newFirstTime ? g.time || undefined : undefined, startingHole: g.hole })),
    { strategy: 'copy' },
  );
  return presentPairings(ctx.db, ctx.tripId, round);
}

/** `POST /events/:id/second-round`: the second round of a two-round event from the first, with the swaps asked. */
export async function secondRoundOf(deps: AppDeps, tripId: string, db: Database, body: z.output<typeof SecondRoundBody>) {
  const from = await roundOfTrip(db, body.fromRoundId, 'fromRoundId');
  const to = await roundOfTrip(db, body.toRoundId, 'toRoundId');
  if (from.id === to.id) throw new AppError('unprocessable', 'the second round must be another round', [{ path: ['body', 'toRoundId'], message: 'the same round' }]);
  needsTimes(from, 'making a second round');
  const groups = secondRound(slotGroups(from), {
    ...(body.swapStartingTees !== undefined ? { swapStartingTees: body.swapStartingTees } : {}),
    ...(body.reverseOrder !== undefined ? { reverseOrder: body.reverseOrder } : {}),
    ...(body.swapSessions !== undefined ? { swapSessions: body.swapSessions } : {}),
  });
  const round = await writeSchedule(deps, { tripId, db, round: to }, groups.map((g) => ({ playerIds: g.players, teeTime: g.time || undefined, startingHole: g.hole })), { strategy: 'second_round' });
  return presentPairings(db, tripId, round);
}

const roundRobinDocId = 'roundrobin:schedule';

/** `POST /events/:id/round-robin`: circle method over teams or individuals, stored so it can be read again. */
export async function createRoundRobin(deps: AppDeps, tripId: string, db: Database, body: z.output<typeof RoundRobinBody>) {
  const players = await schedPlayers(db);
  let participants: RRParticipant[];
  let members: Map<string, string[]> | undefined;
  const orderOf = (id: string) => {
    const i = body.order?.indexOf(id) ?? -1;
    return i < 0 ? undefined : i + 1;
  };
  if (body.participantType === 'individuals') {
    const ids = body.playerIds ?? [...players.keys()];
    const unknown = ids.filter((id) => !players.has(id));
    if (unknown.length) throw new AppError('unknown_player', `not on this trip: ${unknown.join(', ')}`);
    participants = ids.map((id) => {
      const p = players.get(id)!;
      const order = orderOf(id);
      return { id, name: p.name, handicapIndex: p.handicapIndex, ...(order !== undefined ? { order } : {}) };
    });
  } else {
    members = new Map();
    for (const p of players.values()) if (p.team) members.set(p.team, [...(members.get(p.team) ?? []), p.id]);
    participants = [...members.entries()].map(([team, ids]) => {
      const indexes = ids.map((id) => players.get(id)!.handicapIndex).filter((h): h is number => h !== null);
      const order = orderOf(team);
      return { id: team, name: team, handicapIndex: indexes.length ? indexes.reduce((a, b) => a + b, 0) / indexes.length : null, ...(order !== undefined ? { order } : {}) };
    });
  }
  if (participants.length < 2) throw new AppError('unprocessable', body.participantType === 'teams' ? 'a round robin of teams needs at least 2 teams (players\' `team`)' : 'a round robin needs at least 2 players');
  if ((body.seeding === 'custom' || (body.seeding === 'team_order' && body.participantType === 'teams')) && participants.some((p) => p.order === undefined)) {
    throw new AppError('validation_failed', `${body.seeding} seeding needs \`order\` naming every participant`, [{ path: ['body', 'order'], message: 'missing participants' }]);
  }
  const schedule = roundRobin(participants, body.seeding);
  const sheets = schedule.rounds.map((r) => planRoundTeeSheet(r, body.teeSheet, members));
  const now = deps.now().toISOString();
  const result = {
    tripId,
    participantType: body.participantType,
    seeding: body.seeding,
    participants: schedule.participants.map((id) => ({ id, name: participants.find((p) => p.id === id)?.name ?? id })),
    rounds: schedule.rounds.map((r, i) => ({ ...r, teeSheet: sheets[i]!.groups })),
    teeSheet: body.teeSheet,
    problems: sheets.flatMap((sheet) => sheet.problems),
    createdAt: now,
  };
  const current = await db.get(roundRobinDocId);
  await db.put({ _id: roundRobinDocId, type: 'roundrobin', id: 'schedule', schedule: result, createdAt: now, updatedAt: now, ...(current ? { _rev: current._rev } : {}) });
  return result;
}

export async function storedRoundRobin(db: Database) {
  const doc = await db.get<StoredDoc & { schedule: unknown }>(roundRobinDocId);
  if (!doc) throw new AppError('not_found', 'no round robin has been generated for this trip');
  // A schedule stored before tee-sheet problems were reported had none to report.
  return { problems: [], ...(doc.schedule as object) };
}

/** `POST /events/:id/waves`: players of a round over courses and tee-time windows, stored beside the round. */
export async function createWaves(deps: AppDeps, tripId: string, db: Database, body: z.output<typeof WavesBody>) {
  const round = await roundOfTrip(db, body.roundId, 'roundId');
  const players = await schedPlayers(db);
  const ids = round.playerIds.length ? round.playerIds : round.groups.flatMap((g) => g.playerIds);
  if (body.assignment === 'custom_field' && !body.customField) throw new AppError('validation_failed', 'custom_field assignment needs customField', [{ path: ['body', 'customField'], message: 'required' }]);
  const seed = body.seed ?? drawSeed();
  const plan = planWaves(
    {
      players: ids.flatMap((id) => (players.has(id) ? [players.get(id)!] : [])).map(({ doc, ...p }) => p),
      courses: body.courses,
      groupSize: body.groupSize,
      assignment: body.assignment,
      ...(body.customField ? { customField: body.customField } : {}),
    },
    createRng(seed),
  );
  const result = { tripId, roundId: round.id, seed, ...plan };
  const id = `waves:${round.id}`;
  const current = await db.get(id);
  const now = deps.now().toISOString();
  await db.put({ _id: id, type: 'waves', id: round.id, plan: result, createdAt: (current?.createdAt as string) ?? now, updatedAt: now, ...(current ? { _rev: current._rev } : {}) });
  return result;
}
