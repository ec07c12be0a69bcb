/**
 * `POST /events/:id/multi-round-pairings` and `GET /events/:id/fairness`: groups for several rounds at once
 * (consistent or rotating, shared/domain/scheduling/rotation.ts), optional tee times for every round with Optimize
 * Fairness (fairness.ts), written into each round like any other pairing, and the per-player fairness read back from
 * the rounds as they stand (later swaps and copies included).
 */
import type { z } from 'zod';
import { fairnessReport, optimizeFairness, type FairnessRound } from '../../shared/domain/scheduling/fairness.js';
import { createRng, drawSeed } from '../../shared/domain/scheduling/random.js';
import { multiRoundPairings } from '../../shared/domain/scheduling/rotation.js';
import { assignTeeTimes, type TeeSlot } from '../../shared/domain/scheduling/tee-times.js';
import { roundPlayerIds } from '../../shared/domain/rounds.js';
import type { RoundDoc } from '../../shared/schemas/round.js';
import type { FairnessReport, MultiRoundBody, MultiRoundResult } from '../../shared/schemas/scheduling.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { listRounds } from '../rounds/rounds.service.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { roundOfTrip } from './events.service.js';
import { presentPairings, schedPlayers, storedRules, teeTimeInput, writeSchedule } from './pairings.service.js';

type Stored<T> = T & StoredDoc;

const scheduleDocId = 'multiround:schedule';
interface ScheduleDoc {
  roundIds: string[];
  mode: 'consistent' | 'rotating';
  seed: number;
  method: string;
}

export async function createMultiRound(deps: AppDeps, tripId: string, db: Database, body: z.output<typeof MultiRoundBody>): Promise<z.infer<typeof MultiRoundResult>> {
  const rounds: Stored<RoundDoc>[] = [];
  for (const id of body.roundIds) rounds.push(await roundOfTrip(db, id, 'roundIds'));
  const players = await schedPlayers(db);
  const first = rounds[0]!;
  const ids = body.playerIds ?? roundPlayerIds(first);
  const unknown = ids.filter((id) => !players.has(id));
  if (unknown.length) throw new AppError('unknown_player', `not on this trip: ${unknown.join(', ')}`, unknown.map((id) => ({ path: ['body', 'playerIds'], message: `player ${id} is not on this trip` })));
  if (ids.length < 2) throw new AppError('unprocessable', `${first.name} has fewer than 2 players: name the players in \`playerIds\``, [{ path: ['body', 'playerIds'], message: 'at least 2 players' }]);
  // A round with scorecards can have its players moved between groups but not changed: check them all before
  // writing any, so a refused request changes nothing.
  const wanted = [...ids].sort().join();
  for (const round of rounds) {
    if (round.state !== 'draft' && roundPlayerIds(round).sort().join() !== wanted) {
      throw new AppError('round_not_editable', `${round.name} is ${round.state}: its players are fixed and differ from the players to schedule`, [{ path: ['body', 'roundIds'], message: `round ${round.id} has other players` }]);
    }
  }

  const seed = body.seed ?? drawSeed();
  const rng = createRng(seed);
  const rules = (await storedRules(db)).filter((r) => r.playerIds.filter((id) => ids.includes(id)).length >= 2);
  const plan = multiRoundPairings({ playerIds: ids, groupSize: body.groupSize, rounds: rounds.length, mode: body.mode, rules }, rng);
  if ('problem' in plan) throw new AppError('unprocessable', plan.problem, [{ path: ['body'], message: plan.problem }]);

  let groups = plan.rounds;
  let slots: TeeSlot[][] | null = null;
  if (body.teeTimes) {
    const tee = body.teeTimes;
    slots = [];
    for (const [i, round] of rounds.entries()) {
      const answer = assignTeeTimes(teeTimeInput(tee, round, groups[i]!.length));
      if ('problem' in answer) throw new AppError('unprocessable', `${round.name}: ${answer.problem}`, [{ path: ['body', 'teeTimes'], message: answer.problem, limit: answer.limit }]);
      slots.push(answer.slots);
    }
    if (body.optimizeFairness) groups = optimizeFairness(groups.map((g, i) => ({ groups: g, starts: slots![i]! })), rng);
  }

  const written: Stored<RoundDoc>[] = [];
  for (const [i, round] of rounds.entries()) {
    const roundSlots = slots?.[i];
    const labels: Record<string, 'A' | 'B'> = {};
    roundSlots?.forEach((s) => {
      if (s.label) labels[String(s.group + 1)] = s.label;
    });
    written.push(
      await writeSchedule(
        deps,
        { tripId, db, round },
        groups[i]!.map((playerIds, g) => ({ playerIds, teeTime: roundSlots?.[g]?.time, startingHole: roundSlots?.[g]?.hole })),
        {
          strategy: `multi_round_${body.mode}`,
          seed,
          brokenRules: plan.brokenRules.find((b) => b.round === i + 1)?.rules ?? [],
          ...(body.teeTimes ? { teeFormat: body.teeTimes.format, labels } : {}),
        },
      ),
    );
  }
  const now = deps.now().toISOString();
  const schedule: ScheduleDoc = { roundIds: body.roundIds, mode: body.mode, seed, method: plan.method };
  const current = await db.get(scheduleDocId);
  await db.put({ _id: scheduleDocId, type: 'multiround', id: 'schedule', ...schedule, createdAt: now, updatedAt: now, ...(current ? { _rev: current._rev } : {}) });

  return {
    tripId,
    mode: body.mode,
    seed,
    method: plan.method,
    rounds: await Promise.all(written.map((r) => presentPairings(db, tripId, r))),
    repeats: plan.repeats,
    repeatedPairs: plan.repeatedPairs,
    maxMeetings: plan.maxMeetings,
    roundsWithoutRepeat: plan.roundsWithoutRepeat,
    brokenRules: plan.brokenRules.map((b) => ({ round: b.round, roundId: rounds[b.round - 1]!.id, rules: b.rules })),
    fairness: body.teeTimes ? reportOf(tripId, written, players) : null,
    createdAt: now,
  };
}

function reportOf(tripId: string, rounds: readonly RoundDoc[], players: ReadonlyMap<string, { name: string }>): z.infer<typeof FairnessReport> {
  const input: FairnessRound[] = rounds.map((r) => ({ groups: r.groups.map((g) => g.playerIds), starts: r.groups.map((g) => ({ time: g.teeTime ?? null, hole: g.startingHole ?? null })) }));
  const report = fairnessReport(input);
  return {
    tripId,
    roundIds: rounds.map((r) => r.id),
    overall: report.overall,
    players: report.players.map((p) => ({ ...p, name: players.get(p.playerId)?.name ?? '(removed player)' })),
  };
}

/**
 * Fairness of the rounds named, or of the last multi-round schedule's rounds, or else of every round of the trip with
 * tee times; computed from the rounds as they stand now.
 */
export async function fairnessOf(tripId: string, db: Database, roundIds: string[] | undefined): Promise<z.infer<typeof FairnessReport>> {
  let rounds: Stored<RoundDoc>[];
  if (roundIds) {
    rounds = [];
    for (const id of roundIds) rounds.push(await roundOfTrip(db, id, 'roundIds', 'query'));
  } else {
    const schedule = await db.get<Stored<ScheduleDoc>>(scheduleDocId);
    const all = await listRounds(db);
    rounds = schedule ? schedule.roundIds.flatMap((id) => all.filter((r) => r.id === id)) : all.filter((r) => r.groups.some((g) => g.teeTime));
  }
  return reportOf(tripId, rounds, await schedPlayers(db));
}
