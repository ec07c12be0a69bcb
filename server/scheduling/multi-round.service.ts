/**
 * `POST /events/:id/multi-round-pairings` and `GET /events/:id/fairness`: groups for several rounds at once
 * (consistent or rotating, shared/domain/scheduling/rotation.ts), optional tee times for every round with Optimize
 * Fairness (fairness.ts), written into each round like any other pairing, and the per-player fairness read back from
 * the rounds as they stand (later swaps and copies included).
 *
 * The trip's other rounds with groups (or those named in `fixedRoundIds`) are taken as they are: a rotation avoids
 * their pairs, Optimize Fairness evens tee times out against their starts, and every count answered (repeats, the
 * rounds each repeated pair shares, partners met, fairness) is over those rounds and the chosen ones together, in
 * play order: what the trip will hold, never the chosen rounds alone. Their groups are never written.
 */
import type { z } from 'zod';
import { fairnessReport, optimizeFairness, type FairnessRound } from '../../shared/domain/scheduling/fairness.js';
import { createRng, drawSeed } from '../../shared/domain/scheduling/random.js';
import { multiRoundPairings, rotationStats } from '../../shared/domain/scheduling/rotation.js';
import { partnersMet } from '../../shared/domain/scheduling/trip-words.js';
import { assignTeeTimes, type TeeSlot } from '../../shared/domain/scheduling/tee-times.js';
import { roundPlayerIds } from '../../shared/domain/rounds.js';
import type { RoundDoc } from '../../shared/schemas/round.js';
import type { FairnessReport, MultiRoundBody, MultiRoundResult } from '../../shared/schemas/scheduling.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { byPlayOrder, listRounds } from '../rounds/rounds.service.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { roundOfTrip } from './events.service.js';
import { presentPairings, schedPlayers, storedRules, teeTimeInput, writeSchedule } from './pairings.service.js';

type Stored<T> = T & StoredDoc;

const scheduleDocId = 'multiround:schedule';
interface ScheduleDoc {
  roundIds: string[];
  /** The rounds its fairness is over: the chosen ones and the fixed ones with tee times, in play order. */
  fairnessRoundIds?: string[];
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

  // The rounds taken as they are: those named, else every other round of the trip with groups; in play order.
  const all = await listRounds(db);
  let fixed: Stored<RoundDoc>[];
  if (body.fixedRoundIds) {
    fixed = [];
    for (const id of body.fixedRoundIds) {
      if (body.roundIds.includes(id)) throw new AppError('unprocessable', `round ${id} is both paired and kept as it is`, [{ path: ['body', 'fixedRoundIds'], message: `round ${id} is also in roundIds` }]);
      fixed.push(await roundOfTrip(db, id, 'fixedRoundIds'));
    }
    fixed.sort(byPlayOrder);
  } else {
    fixed = all.filter((r) => !body.roundIds.includes(r.id) && r.groups.some((g) => g.playerIds.length > 0));
  }
  const groupsOf = (r: RoundDoc) => r.groups.map((g) => g.playerIds).filter((g) => g.length > 0);

  const seed = body.seed ?? drawSeed();
  const rng = createRng(seed);
  const rules = (await storedRules(db)).filter((r) => r.playerIds.filter((id) => ids.includes(id)).length >= 2);
  const plan = multiRoundPairings({ playerIds: ids, groupSize: body.groupSize, rounds: rounds.length, mode: body.mode, rules, fixed: fixed.map(groupsOf) }, rng);
  if ('problem' in plan) throw new AppError('unprocessable', plan.problem, [{ path: ['body'], message: plan.problem }]);

  let groups = plan.rounds;
  let slots: TeeSlot[][] | null = null;
  // Fixed rounds with tee times count in the fairness, and Optimize Fairness evens the new rounds out against them.
  const timedFixed = fixed.filter((r) => r.groups.some((g) => g.teeTime));
  if (body.teeTimes) {
    const tee = body.teeTimes;
    slots = [];
    for (const [i, round] of rounds.entries()) {
      const answer = assignTeeTimes(teeTimeInput(tee, round, groups[i]!.length));
      if ('problem' in answer) throw new AppError('unprocessable', `${round.name}: ${answer.problem}`, [{ path: ['body', 'teeTimes'], message: answer.problem, limit: answer.limit }]);
      slots.push(answer.slots);
    }
    if (body.optimizeFairness) {
      const kept = timedFixed.map(fairnessRoundOf);
      groups = optimizeFairness([...kept, ...groups.map((g, i) => ({ groups: g, starts: slots![i]! }))], rng, undefined, kept.length).slice(kept.length);
    }
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
  // Everything counted over the fixed and the chosen rounds, in play order.
  const counted = [...fixed, ...written].sort(byPlayOrder);
  const stats = rotationStats(counted.map(groupsOf));
  const countedIds = counted.map((r) => r.id);
  const everyone = [...new Set(counted.flatMap((r) => groupsOf(r).flat()))];
  const partners = partnersMet(counted.map(groupsOf), everyone);
  const fairnessRounds = counted.filter((r) => written.includes(r) || timedFixed.includes(r));

  const now = deps.now().toISOString();
  const schedule: ScheduleDoc = { roundIds: body.roundIds, fairnessRoundIds: fairnessRounds.map((r) => r.id), mode: body.mode, seed, method: plan.method };
  const current = await db.get(scheduleDocId);
  await db.put({ _id: scheduleDocId, type: 'multiround', id: 'schedule', ...schedule, createdAt: now, updatedAt: now, ...(current ? { _rev: current._rev } : {}) });

  return {
    tripId,
    mode: body.mode,
    seed,
    method: plan.method,
    rounds: await Promise.all(written.map((r) => presentPairings(db, tripId, r))),
    fixedRoundIds: fixed.map((r) => r.id),
    countedRoundIds: countedIds,
    repeats: stats.repeats.map((r) => ({ a: r.a, b: r.b, meetings: r.meetings, roundIds: r.rounds.map((i) => countedIds[i]!) })),
    repeatedPairs: stats.repeatedPairs,
    fixedRepeatedPairs: plan.fixedRepeatedPairs,
    maxMeetings: stats.maxMeetings,
    roundsWithoutRepeat: stats.roundsWithoutRepeat,
    players: everyone.map((id) => ({ playerId: id, name: players.get(id)?.name ?? '(removed player)', partners: partners.get(id) ?? 0 })),
    brokenRules: plan.brokenRules.map((b) => ({ round: b.round, roundId: rounds[b.round - 1]!.id, rules: b.rules })),
    fairness: body.teeTimes ? reportOf(tripId, fairnessRounds, players) : null,
    createdAt: now,
  };
}

function fairnessRoundOf(r: RoundDoc): FairnessRound {
  return { groups: r.groups.map((g) => g.playerIds), starts: r.groups.map((g) => ({ time: g.teeTime ?? null, hole: g.startingHole ?? null })) };
}

function reportOf(tripId: string, rounds: readonly RoundDoc[], players: ReadonlyMap<string, { name: string }>): z.infer<typeof FairnessReport> {
  const input: FairnessRound[] = rounds.map(fairnessRoundOf);
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
    rounds = schedule ? (schedule.fairnessRoundIds ?? schedule.roundIds).flatMap((id) => all.filter((r) => r.id === id)) : all.filter((r) => r.groups.some((g) => g.teeTime));
  }
  return reportOf(tripId, rounds, await schedPlayers(db));
}
