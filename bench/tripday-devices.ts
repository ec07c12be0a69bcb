/**
 * The phones of `npm run bench:tripday`, in a worker thread: each is the golfer's own sync library (sync/device,
 * RxDB on memory storage; IndexedDB in the browser) with the portal session of its group's first player, entering
 * its group's 72 scores hole by hole at a golfer's pace (time compressed: `minuteMs` of wall time per minute of
 * golf), going out of signal for 1–10 minutes now and then. Meanwhile it records when every other group's score of
 * its round lands on it. RxDB's open-source build allows 13 collections per JavaScript realm (error COL23), so a
 * worker runs at most 12 phones.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { openTrip, type DeviceTrip } from '../sync/device/index.js';

export interface PhonePlan {
  /** Index of the phone in the whole day (device id `phone-<i>`). */
  index: number;
  token: string;
  roundId: string;
  /** The group's players (ids), the phone's holder first. */
  group: string[];
  /** Its trip and that trip's organizer token, when the worker's phones are of several trips (else the worker's). */
  tripId?: string;
  orgToken?: string;
}

export interface WorkerInput {
  baseUrl: string;
  tripId: string;
  /** The organizer's token, for the REST reads that time a score's way to REST. */
  orgToken: string;
  phones: PhonePlan[];
  minuteMs: number;
  seed: number;
  /** One score in this many, entered while the phone has signal, is timed to REST. */
  restSample: number;
  /** Holes each phone plays (18 unless told: a bench with a time window plays fewer). */
  holes?: number;
  /** Minutes of golf between the tee times of the worker's phones (2 unless told). */
  teeGapMinutes?: number;
}

/** What a worker reports at the end (times are `Date.now()` of this process, shared by every thread). */
export interface WorkerResult {
  /** `<scorecardId>:<hole>` → strokes, time written on the phone, index of the phone. */
  written: { key: string; strokes: number; at: number; phone: number }[];
  /** Per phone: when each score of another group of its round first showed on it with its value. */
  seen: { phone: number; key: string; at: number }[];
  /** Per phone: its offline spans [from, to]. */
  offline: { phone: number; from: number; to: number }[];
  /**
   * When a sampled score was written, and when the organizer's REST read (`GET …/scorecards/:id/scores` every 20 ms)
   * first showed it; `push` is its way out of the phone (see {@link PushSteps}), when it was found.
   */
  rest: { phone: number; docId: string; at: number; shownAt: number; push?: PushSteps }[];
  /** How long each of those REST reads took (a score's wait to REST is its push, then reads until one shows it). */
  restRequestMs: number[];
  /** Sampled scores REST never showed within 15 s. */
  restMissing: number;
  /** Requests the phones sent (each one a phone request the servers answered or refused). */
  requests: number;
  /** p95 of this worker's event loop delay while its phones played, ms (a busy worker delays what it measures). */
  loopDelayP95Ms: number;
  /** Scores `enterScore` refused (should be 0). */
  refused: number;
  /** Each phone's round board at the end, as [playerId, gross, net, position] rows. */
  boards: { phone: number; roundId: string; rows: [string, number, number, number | null][] }[];
}

/**
 * The way of one score out of its phone (`Date.now()` times): RxDB's push asks the gateway for the current versions
 * (`POST _all_docs`), then writes (`POST _bulk_docs`); the last attempt that carried the score counts.
 */
export interface PushSteps {
  /** The `_all_docs` of the push that carried the score started (a push under way delays the next). */
  checkAt: number;
  /** Its `_bulk_docs` started, and was answered. */
  writeAt: number;
  ackAt: number;
  /** Pushes of the phone started between the score's write and its own (each one a full push waited for). */
  pushesBefore: number;
  /** Attempts of the `_bulk_docs` that carried it (more than one: a failure, then RxDB's retry). */
  attempts: number;
}

/** One request of a phone to the gateway, the document ids of its body when it is a push's `_all_docs` or `_bulk_docs`. */
interface PhoneRequest {
  kind: 'check' | 'write';
  ids: string[];
  startedAt: number;
  endedAt: number | null;
}

/** A small deterministic generator (mulberry32), so two runs of the bench play the same day. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5];
export const strokesOf = (playerIndex: number, hole: number) => PARS[hole - 1]! + ((playerIndex * 7 + hole * 3) % 4) - 1;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Phone {
  plan: PhonePlan;
  device: DeviceTrip;
  offline: boolean;
  inFlight: Set<AbortController>;
  /** The phone's push requests, in order. */
  pushes: PhoneRequest[];
}

/** A push's request (`POST _all_docs` or `_bulk_docs`) with the ids in its body, or null for any other request. */
function pushRequestOf(url: string, init: RequestInit | undefined): PhoneRequest | null {
  if (init?.method !== 'POST' || typeof init.body !== 'string') return null;
  const path = url.split('?')[0] ?? '';
  const kind = path.endsWith('/_all_docs') ? 'check' : path.endsWith('/_bulk_docs') ? 'write' : null;
  if (!kind) return null;
  const body = JSON.parse(init.body) as { keys?: string[]; docs?: { _id: string }[] };
  return { kind, ids: kind === 'check' ? (body.keys ?? []) : (body.docs ?? []).map((d) => d._id), startedAt: Date.now(), endedAt: null };
}

async function runShare(input: WorkerInput): Promise<void> {
  const random = rng(input.seed);
  const result: WorkerResult = { written: [], seen: [], offline: [], rest: [], restRequestMs: [], restMissing: 0, loopDelayP95Ms: 0, requests: 0, refused: 0, boards: [] };
  const restTimings: Promise<void>[] = [];
  let sampled = 0;
  const phones: Phone[] = [];
  for (const plan of input.phones) {
    const phone = { plan, offline: false, inFlight: new Set<AbortController>(), pushes: [] } as unknown as Phone;
    // Out of signal: every request fails at once as a browser's fetch does, and the requests under way are cut.
    const phoneFetch: typeof fetch = async (url, init) => {
      if (phone.offline) throw new TypeError('Failed to fetch (offline)');
      const abort = new AbortController();
      phone.inFlight.add(abort);
      const follow = () => abort.abort();
      init?.signal?.addEventListener('abort', follow, { once: true });
      result.requests += 1;
      const push = pushRequestOf(String(url), init);
      if (push) phone.pushes.push(push);
      try {
        // Marked so the balancer counts phone requests apart from the TVs' and the organizer's.
        const headers = new Headers(init?.headers);
        headers.set('x-bench-phone', String(plan.index));
        const answer = await fetch(url, { ...init, signal: abort.signal, headers });
        if (push) push.endedAt = Date.now();
        return answer;
      } finally {
        phone.inFlight.delete(abort);
        init?.signal?.removeEventListener('abort', follow);
      }
    };
    phone.device = await openTrip({ baseUrl: input.baseUrl, token: plan.token, deviceId: `phone-${plan.index}`, storage: getRxStorageMemory(), fetch: phoneFetch, retry: { initialMs: 100, maxMs: 1_000 } });
    phones.push(phone);
  }
  await Promise.all(phones.map((p) => p.device.awaitInSync({ timeoutMs: 120_000 })));

  // Every other group's score of the phone's round, the first time it shows on the phone with a value.
  const groupsOfRound = new Map<string, Set<string>>();
  for (const p of phones) for (const id of p.plan.group) (groupsOfRound.get(p.plan.roundId) ?? groupsOfRound.set(p.plan.roundId, new Set()).get(p.plan.roundId)!).add(id);
  const subscriptions = phones.map((p) =>
    p.device.docChanges$().subscribe((change) => {
      const doc = change.doc as { type?: string; roundId?: string; playerId?: string; scorecardId?: string; hole?: number; strokes?: number | null } | null;
      if (!doc || doc.type !== 'score' || doc.roundId !== p.plan.roundId || p.plan.group.includes(doc.playerId ?? '')) return;
      result.seen.push({ phone: p.plan.index, key: `${doc.scorecardId}:${doc.hole}:${doc.strokes}`, at: Date.now() });
    }),
  );

  parentPort!.postMessage({ ready: true });
  await new Promise((resolve) => parentPort!.once('message', resolve));

  const m = input.minuteMs;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  await Promise.all(
    phones.map(async (phone, n) => {
      // Tee times ten minutes apart within a worker's share.
      await sleep(n * (input.teeGapMinutes ?? 2) * m + random() * m);
      for (let hole = 1; hole <= (input.holes ?? 18); hole++) {
        // Playing the hole: about 12 minutes.
        await sleep((10 + random() * 4) * m);
        for (const [k, playerId] of phone.plan.group.entries()) {
          const strokes = strokesOf(phone.plan.index * 4 + k, hole);
          const scorecardId = `${phone.plan.roundId}-${playerId}`;
          const at = Date.now();
          try {
            await phone.device.enterScore({ scorecardId, roundId: phone.plan.roundId, playerId, hole, strokes });
            result.written.push({ key: `${scorecardId}:${hole}`, strokes, at, phone: phone.plan.index });
            if (!phone.offline && ++sampled % input.restSample === 0) restTimings.push(timeToRest(input, phone.plan, scorecardId, hole, strokes, at, result));
          } catch {
            result.refused += 1;
          }
          // The next tap.
          await sleep(0.3 * m + random() * 0.4 * m);
        }
        // Out of signal for 1–10 minutes after one hole in five, on average.
        if (random() < 0.2) {
          const from = Date.now();
          phone.offline = true;
          for (const a of phone.inFlight) a.abort();
          phone.device.networkLost();
          await sleep((1 + random() * 9) * m);
          phone.offline = false;
          phone.device.reconnect();
          result.offline.push({ phone: phone.plan.index, from, to: Date.now() });
        }
      }
    }),
  );
  await Promise.all(phones.map((p) => p.device.awaitInSync({ timeoutMs: 120_000 })));
  await Promise.all(restTimings);
  lag.disable();
  for (const r of result.rest) r.push = pushStepsOf(phones.find((p) => p.plan.index === r.phone)!, r);
  result.loopDelayP95Ms = lag.percentile(95) / 1e6;
  parentPort!.postMessage({ played: true });
  // The main thread says when every phone has played, then the boards are read.
  await new Promise((resolve) => parentPort!.once('message', resolve));
  await Promise.all(phones.map((p) => p.device.awaitInSync({ timeoutMs: 120_000 })));
  for (const s of subscriptions) s.unsubscribe();
  for (const p of phones) {
    const board = await p.device.roundLeaderboard(p.plan.roundId);
    if (board.ok) result.boards.push({ phone: p.plan.index, roundId: p.plan.roundId, rows: board.value.entries.map((e) => [e.playerId, e.gross, e.net, e.position]) });
  }
  await Promise.all(phones.map((p) => p.device.close()));
  parentPort!.postMessage({ result });
}

/** How the sampled score `r` left its phone: the last `_bulk_docs` carrying it, and the `_all_docs` before it. */
function pushStepsOf(phone: Phone, r: WorkerResult['rest'][number]): PushSteps | undefined {
  const id = r.docId;
  const mine = phone.pushes.filter((p) => p.startedAt >= r.at && p.ids.includes(id));
  const writes = mine.filter((p) => p.kind === 'write' && p.endedAt !== null && p.endedAt <= r.shownAt);
  const write = writes.at(-1);
  if (!write) return undefined;
  const check = mine.filter((p) => p.kind === 'check' && p.startedAt <= write.startedAt).at(-1);
  if (!check) return undefined;
  return {
    checkAt: check.startedAt,
    writeAt: write.startedAt,
    ackAt: write.endedAt!,
    pushesBefore: phone.pushes.filter((p) => p.kind === 'check' && p.startedAt >= r.at && p.startedAt < check.startedAt).length,
    attempts: writes.length,
  };
}

/** Polls the organizer's REST read of the card every 20 ms until the hole shows the value (gives up after 15 s). */
async function timeToRest(input: WorkerInput, plan: PhonePlan, scorecardId: string, hole: number, strokes: number, at: number, result: WorkerResult): Promise<void> {
  const phone = plan.index;
  const url = `${input.baseUrl}/trips/${plan.tripId ?? input.tripId}/scorecards/${scorecardId}/scores`;
  while (Date.now() - at < 15_000) {
    try {
      const asked = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${plan.orgToken ?? input.orgToken}` } });
      if (res.ok) {
        const body = (await res.json()) as { items: { hole: number; strokes: number | null }[] };
        result.restRequestMs.push(performance.now() - asked);
        if (body.items.some((x) => x.hole === hole && x.strokes === strokes)) {
          result.rest.push({ phone, docId: `score:${scorecardId}:${hole}`, at, shownAt: Date.now() });
          return;
        }
      } else await res.arrayBuffer();
    } catch {
      // A server being killed: the next poll goes to the other.
    }
    await sleep(20);
  }
  result.restMissing += 1;
}

if (!isMainThread && (workerData as { phones?: unknown } | null)?.phones !== undefined) {
  void runShare(workerData as WorkerInput).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
