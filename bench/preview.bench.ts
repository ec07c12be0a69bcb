/**
 * Consequences preview benchmark (issue 24): `npm run bench:preview`. The dispute / correction preview of a 144-player
 * trip with every game on must answer in under 500 ms.
 *
 * 144 players in 36 foursomes, 4 rounds of 18 holes, every hole scored. Round 1 is completed with, per group, a net
 * skins game and a net four-ball Nassau with automatic presses, a stroke-net competition with an applied tournament
 * pot, and a stored unified plan with one settlement paid. Round 2 is in play with the same side games and a point
 * game per team (each group a team). Timed: `POST …/scores/:hole/preview` over HTTP on the real server, on a card of
 * round 1 and of round 2, "warm" (nothing written between previews, as while an organizer looks at one) and "cold"
 * (a score of round 3 written, untimed, before each preview, so every cache of the trip's state is new).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { allScores, buildTrip, fmt, percentile, startBenchServer } from './support.js';

const RUNS = Number(process.env.BENCH_PREVIEW_RUNS ?? 40);
const TARGET_MS = 500;

type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/**
 * The 144-player trip with every game on (see above), built on `server` (shared with `bench/dashboard-preview.ts`):
 * answers the trip, its client, the REST base path and the players of the 36 groups.
 */
export async function buildPreviewTrip(server: BenchServer) {
  const t0 = performance.now();
  const trip = await buildTrip(server.url, { players: 145, rounds: 4, groupSize: 4 });
  const c = trip.org.client;
  const base = `/trips/${trip.tripId}`;
  const must = async (p: Promise<{ status: number; text: string; body: any }>, ...ok: number[]) => {
    const r = await p;
    if (!ok.includes(r.status)) throw new Error(`${r.status}: ${r.text.slice(0, 300)}`);
    return r.body;
  };
  const [r1, r2, r3] = trip.rounds;
  const groups = r1!.groups;
  await must(c.post(`${base}/players/bulk`, { updates: groups.flatMap((g, i) => g.map((id) => ({ id, team: `Team ${i + 1}` }))) }), 200, 201);
  const db = server.deps.store.trip(trip.tripId);
  const scores = allScores(trip);
  for (let i = 0; i < scores.length; i += 2000) await db.bulkDocs(scores.slice(i, i + 2000));
  for (const round of [r1!, r2!]) {
    for (const g of groups) {
      await must(c.post(`${base}/side-games`, { kind: 'skins', roundId: round.id, basis: 'net', participants: g, config: { mode: 'per_skin', cents: 100 } }), 201);
      await must(c.post(`${base}/side-games`, { kind: 'nassau', roundId: round.id, basis: 'net', participants: { a: g.slice(0, 2), b: g.slice(2) }, config: { stakes: 200, autoPress: 'original_bets' } }), 201);
    }
  }
  await must(c.post(`${base}/rounds/${r1!.id}/complete`), 200);
  for (const [i, g] of groups.entries()) await must(c.post(`${base}/rounds/${r2!.id}/point-games`, { team: `Team ${i + 1}`, captainId: g[0] }), 201);
  const competitionId = (await must(c.post(`${base}/competitions`, { name: 'Day 1 cup', format: 'stroke_net', roundIds: [r1!.id] }), 201)).id;
  await must(c.patch(`${base}/tournament-pot`, { entryCents: 1000, payouts: [{ place: 1, percent: 50 }, { place: 2, percent: 30 }, { place: 3, percent: 20 }], competitionId }), 200);
  await must(c.post(`${base}/tournament-pot/apply`), 200, 201);
  const plan = await must(c.post(`${base}/settlements/unified/persist`), 200, 201);
  await must(c.patch(`${base}/settlements/${plan.items[0].id}/complete`), 200);
  console.log(`trip built in ${fmt((performance.now() - t0) / 1000, 1)} s: 144 players, 4 rounds, ${scores.length} scores, 144 side games, 36 point games, pot applied, plan stored`);
  return { trip, c, base, must, rounds: [r1!, r2!, r3!] as const, groups, players: groups.flat() };
}

async function main() {
  const server = await startBenchServer();
  try {
    const { c, base, must, rounds, players } = await buildPreviewTrip(server);
    const [r1, r2, r3] = rounds;
    let written = 0;
    const time = async (roundId: string, cold: boolean) => {
      const out: number[] = [];
      let changedGames = 0;
      for (let i = 0; i < RUNS; i++) {
        if (cold) {
          const p = players[written++ % players.length]!;
          await must(c.put(`${base}/scorecards/${r3!.id}-${p}/scores/${1 + (written % 18)}`, { strokes: 3 + (written % 4) }), 200);
        }
        const p = players[(i * 37) % players.length]!;
        const start = performance.now();
        const body = await must(c.post(`${base}/scorecards/${roundId}-${p}/scores/${1 + (i % 18)}/preview`, { strokes: 2 + (i % 6), reason: 'bench' }), 200);
        out.push(performance.now() - start);
        changedGames += body.sideGames.length + body.pointGames.length;
      }
      return { p50: percentile(out, 50), p95: percentile(out, 95), changedGames };
    };
    const rows: [string, Awaited<ReturnType<typeof time>>][] = [];
    for (const [label, roundId] of [['completed round (games final, pot, plan)', r1!.id], ['round in play (with point games)', r2!.id]] as const) {
      await time(roundId, false); // warm-up
      rows.push([`${label}, warm`, await time(roundId, false)]);
      rows.push([`${label}, cold`, await time(roundId, true)]);
    }
    console.log(`\npreview of a correction, ${RUNS} runs each (target p95 < ${TARGET_MS} ms):`);
    for (const [label, r] of rows) console.log(`  ${label.padEnd(52)} p50 ${fmt(r.p50, 1).padStart(7)} ms   p95 ${fmt(r.p95, 1).padStart(7)} ms   (games listed as changed: ${r.changedGames})`);
    const worst = Math.max(...rows.map(([, r]) => r.p95));
    console.log(worst < TARGET_MS ? `\nOK: worst p95 ${fmt(worst, 1)} ms < ${TARGET_MS} ms` : `\nOVER TARGET: worst p95 ${fmt(worst, 1)} ms`);
  } finally {
    await server.close();
  }
}

// Run alone (`npm run bench:preview`); imported, it only lends its trip.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
