/**
 * The dispute preview of the dashboard's Disputes inbox (issue 24): `npx tsx bench/dashboard-preview.ts`, and
 * `measureDisputePreview()` for `npm run bench:dashboard`. Target: under 500 ms on a 144-player trip with every game on.
 *
 * The trip is `bench/preview.bench.ts`'s (144 players in 36 foursomes, 4 rounds of 18 holes all scored; round 1
 * completed with net skins and a four-ball Nassau with automatic presses per group, an applied tournament pot and a
 * stored unified plan with a payment confirmed; round 2 in play with the same games and a point game per team). On it,
 * 2 holes per group are disputed (one in each of rounds 1 and 2), as the gateway leaves a hole two phones scored
 * differently: the later value counts, the other is in its history, `disputed: true`.
 *
 * Timed: `POST /trips/:tripId/score-disputes/:scorecardId/:hole/resolve/preview` over HTTP on the real server, the
 * organizer choosing the value that does not count (so the hole, its games and the money move), alternating rounds.
 * By default each sample is "cold": a score of round 3 is written (untimed) before it, so no cache of the trip's state
 * survives, as on a trip day with phones syncing; `cold: false` times the organizer trying values on a quiet trip.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildPreviewTrip } from './preview.bench.js';
import { fmt, median, percentile, startBenchServer } from './support.js';

export interface DisputePreviewOptions {
  /** Timed previews (after 5 untimed); default 40. */
  runs?: number;
  /** Write a score before each preview so every cache is new (default true). */
  cold?: boolean;
}

export interface DisputePreviewResult {
  players: number;
  samples: number;
  medianMs: number;
  p95Ms: number;
}

const TARGET_MS = 500;
const WARMUP = 5;

interface StoredScore {
  _id: string;
  _rev: string;
  strokes: number | null;
  enteredBy: string;
  deviceId: string;
  enteredAt: string;
  history?: unknown[];
  [k: string]: unknown;
}

export async function measureDisputePreview(opts: DisputePreviewOptions = {}): Promise<DisputePreviewResult> {
  const runs = opts.runs ?? 40;
  const cold = opts.cold ?? true;
  const server = await startBenchServer();
  try {
    const { trip, c, base, must, rounds, groups, players } = await buildPreviewTrip(server);
    const [r1, r2, r3] = rounds;
    const db = server.deps.store.trip(trip.tripId);

    // A disputed hole per group in rounds 1 and 2: the stored value counts, another phone's earlier value in history.
    const disputes: { scorecardId: string; hole: number; other: number }[] = [];
    const docs: StoredScore[] = [];
    for (const [g, group] of groups.entries()) {
      for (const round of [r1, r2]) {
        const playerId = group[(g + (round === r1 ? 0 : 1)) % group.length]!;
        const hole = 1 + ((g * 5 + (round === r1 ? 0 : 9)) % 18);
        const scorecardId = `${round.id}-${playerId}`;
        const doc = (await db.get<StoredScore>(`score:${scorecardId}:${hole}`))!;
        const other = doc.strokes === null || doc.strokes > 2 ? 2 : 5;
        const earlier = new Date(Date.parse(doc.enteredAt) - 60_000).toISOString();
        const partner = group[(group.indexOf(playerId) + 1) % group.length]!;
        docs.push({ ...doc, history: [...(doc.history ?? []), { strokes: other, enteredBy: partner, deviceId: `phone-${partner}`, enteredAt: earlier }], disputed: true });
        disputes.push({ scorecardId, hole, other });
      }
    }
    const written = await db.bulkDocs(docs);
    if (written.some((r) => r.error)) throw new Error(`disputes not written: ${JSON.stringify(written.filter((r) => r.error).slice(0, 3))}`);
    const listed = (await must(c.get(`${base}/score-disputes?limit=500`), 200)).items.length;
    if (listed !== disputes.length) throw new Error(`${listed} disputes listed, ${disputes.length} made`);

    let writes = 0;
    const sample = async (i: number) => {
      if (cold) {
        const p = players[writes++ % players.length]!;
        await must(c.put(`${base}/scorecards/${r3.id}-${p}/scores/${1 + (writes % 18)}`, { strokes: 3 + (writes % 4) }), 200);
      }
      // Alternate the completed round (money in the plan) and the round in play (point games).
      const d = disputes[(i * 2 + (i % 2)) % disputes.length]!;
      const start = performance.now();
      const body = await must(c.post(`${base}/score-disputes/${d.scorecardId}/${d.hole}/resolve/preview`, { strokes: d.other, reason: 'the paper card' }), 200);
      const ms = performance.now() - start;
      if (body.scores[0]?.disputeSettled !== true) throw new Error('the preview does not settle the dispute');
      return ms;
    };
    for (let i = 0; i < WARMUP; i++) await sample(i);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await sample(WARMUP + i));
    return { players: players.length, samples: times.length, medianMs: median(times), p95Ms: percentile(times, 95) };
  } finally {
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const cold of [true, false]) {
    const r = await measureDisputePreview({ cold });
    const label = cold ? 'cold (a phone wrote just before)' : 'warm (nothing written between)';
    console.log(
      `dispute preview, ${r.players} players, ${label}: median ${fmt(r.medianMs, 1)} ms, p95 ${fmt(r.p95Ms, 1)} ms over ${r.samples} samples — ${r.p95Ms < TARGET_MS ? 'target met' : 'target NOT met'} (< ${TARGET_MS} ms)`,
    );
  }
}
