/**
 * The open-loop generator of `bench:load` (bench/load-open.ts), a process of its own: it gets its plan over IPC,
 * sends every request at its scheduled time whatever the answers before it do, and sends back what it measured.
 *
 * - Arrivals: per kind, a Poisson process at the kind's rate (seeded, so two runs send the same schedule), merged;
 *   a timer sends every arrival that is due. A request's latency counts from its scheduled time, so a generator
 *   that falls behind shows in the latencies instead of hiding them (no coordinated omission); how late each one was
 *   sent is reported too.
 * - At most `maxInFlight` requests are open at once; an arrival due while that many are open is not sent and
 *   counted (`notSent`): a failure of the target, as the server did not keep up with the schedule.
 * - Requests, as the trip day's clients send them (bench/tripday-rate.ts kinds): the phones' pushes
 *   (`POST _all_docs` of the push's ids, then `POST _bulk_docs` of one score, each its own arrival), pulls
 *   (`GET _changes` from the phone's last sequence, 20 at most) and longpolls (`feed=longpoll` from now: held until
 *   the next change, counted apart from the reads), through the sync gateway with the session of its group's
 *   scorer; the TVs' `GET /display/codes/:code`; the organizer's `GET /trips/:id/scorecards/:card/scores`.
 */
import { createRng } from '../shared/domain/scheduling/random.js';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface OpenPlan {
  baseUrl: string;
  tripId: string;
  orgToken: string;
  displayCode: string;
  /** Each phone: the session of its group's scorer, the group's cards (`<roundId>-<playerId>`), round, players. */
  phones: { session: string; scorer: string; roundId: string; players: string[] }[];
  /** Arrivals per second of each kind. */
  rates: [OpenKind, number][];
  durationMs: number;
  maxInFlight: number;
  /** After the last arrival, how long answers are waited for (then the ones still open are errors). */
  drainMs: number;
  seed: number;
}

export const OPEN_KINDS = ['phone push _bulk_docs', 'phone push _all_docs', 'phone pull _changes', 'phone longpoll _changes', 'TV display poll', 'organizer scorecard read'] as const;
export type OpenKind = (typeof OPEN_KINDS)[number];
/** Writes; longpolls wait for a change by design and are neither; every other kind is a read. */
export const WRITE_KINDS: readonly OpenKind[] = ['phone push _bulk_docs'];
export const HELD_KINDS: readonly OpenKind[] = ['phone longpoll _changes'];

export interface OpenResult {
  /** Per kind: latency from the scheduled time (ms) of each answered request, and errors by reason. */
  kinds: [OpenKind, { ms: number[]; errors: [string, number][] }][];
  scheduled: number;
  sent: number;
  notSent: number;
  /** How late each request was sent after its scheduled time, ms: p50, p95, max. */
  sendLagMs: [number, number, number];
  /** Wall time from the first scheduled arrival to the last answer (or the drain's end), and of the schedule. */
  wallMs: number;
  scheduleMs: number;
  /** Answers received within the schedule's span, per second. */
  answeredInSchedule: number;
  /** Longpolls still open at the end, closed by the generator (held by design: not errors). */
  heldAtEnd: number;
  maxInFlightSeen: number;
  cpuMs: number;
  /** Per second of the schedule (by scheduled time): the latencies of the reads and writes answered, ms. */
  bySecond: { reads: number[]; writes: number[] }[];
}


/** Every arrival in [0, durationMs): per kind exponential gaps at its rate, merged in time order. */
export function schedule(rates: [OpenKind, number][], durationMs: number, seed: number): { at: number; kind: OpenKind }[] {
  const { next: random } = createRng(seed);
  const all: { at: number; kind: OpenKind }[] = [];
  for (const [kind, perSecond] of rates) {
    if (perSecond <= 0) continue;
    for (let at = (-Math.log(1 - random()) / perSecond) * 1000; at < durationMs; at += (-Math.log(1 - random()) / perSecond) * 1000) all.push({ at, kind });
  }
  return all.sort((a, b) => a.at - b.at);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' });

interface Answer {
  status: number;
  body: string;
}

function send(plan: OpenPlan, method: string, path: string, token: string | undefined, body: unknown, open: Set<http.ClientRequest>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': 'gzip', accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: Buffer | undefined;
    if (body !== undefined) {
      payload = Buffer.from(JSON.stringify(body));
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const req = http.request(plan.baseUrl + path, { method, headers, agent }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on('data', (c: Buffer) => chunks.push(new Uint8Array(c)));
      res.on('end', () => {
        open.delete(req);
        const raw = new Uint8Array(Buffer.concat(chunks));
        const text = Buffer.from(res.headers['content-encoding'] === 'gzip' && raw.length ? new Uint8Array(gunzipSync(raw)) : raw).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text });
      });
      res.on('error', reject);
    });
    open.add(req);
    req.on('error', (err) => {
      open.delete(req);
      reject(err);
    });
    req.end(payload);
  });
}

/** One score document's state as the generator last wrote it (the phone's own copy). */
interface DocState {
  rev?: string;
  entries: { strokes: number; enteredBy: string; deviceId: string; enteredAt: string }[];
  busy: boolean;
}

export async function run(plan: OpenPlan): Promise<OpenResult> {
  const arrivals = schedule(plan.rates, plan.durationMs, plan.seed);
  const stats = new Map<OpenKind, { ms: number[]; errors: Map<string, number> }>(OPEN_KINDS.map((k) => [k, { ms: [], errors: new Map() }]));
  const fail = (kind: OpenKind, why: string) => stats.get(kind)!.errors.set(why, (stats.get(kind)!.errors.get(why) ?? 0) + 1);
  const sync = `/sync/trips/${plan.tripId}`;
  // Every hole of every phone's cards, written in turn (a hole whose last write is unanswered is skipped).
  const docs = plan.phones.map((p) => p.players.flatMap((playerId) => Array.from({ length: 18 }, (_, h) => ({ playerId, hole: h + 1, id: `score:${p.roundId}-${playerId}:${h + 1}`, state: { entries: [], busy: false } as DocState }))));
  const nextDoc = plan.phones.map(() => 0);
  // Each phone's last sequence seen (its pulls and longpolls ask from it), all in sync at the start as after a phone's first pull.
  const info = await send(plan, 'GET', sync, plan.phones[0]!.session, undefined, new Set());
  const startSeq = String((JSON.parse(info.body) as { update_seq?: unknown }).update_seq ?? '0');
  const lastSeq = plan.phones.map(() => startSeq);
  let phoneTurn = 0;
  let cardTurn = 0;
  const cards = plan.phones.flatMap((p) => p.players.map((id) => `${p.roundId}-${id}`));
  const open = new Set<http.ClientRequest>();
  const held = new Set<http.ClientRequest>();
  let inFlight = 0;
  let maxInFlightSeen = 0;
  let sent = 0;
  let notSent = 0;
  const sendLag: number[] = [];
  const answeredAt: number[] = [];
  const pending: Promise<void>[] = [];
  const pendingHeld: Promise<void>[] = [];
  let closing = false;
  const bySecond: { reads: number[]; writes: number[] }[] = [];

  /** The request of an arrival; `after` checks a 2xx answer (a reason when it is an error), `release` undoes a refused one. */
  const requestOf = (kind: OpenKind): { method: string; path: string; token?: string; body?: unknown; after?: (a: Answer) => string | null; release?: () => void } | null => {
    const phoneIndex = phoneTurn++ % plan.phones.length;
    const phone = plan.phones[phoneIndex]!;
    switch (kind) {
      case 'phone push _bulk_docs': {
        const list = docs[phoneIndex]!;
        let pick: (typeof list)[number] | undefined;
        for (let i = 0; i < list.length && !pick; i++) {
          const d = list[(nextDoc[phoneIndex]! + i) % list.length]!;
          if (!d.state.busy) {
            pick = d;
            nextDoc[phoneIndex] = (nextDoc[phoneIndex]! + i + 1) % list.length;
          }
        }
        if (!pick) return null;
        const d = pick;
        const now = new Date().toISOString();
        const entry = { strokes: 2 + ((d.state.entries.length + d.hole) % 7), enteredBy: phone.scorer, deviceId: `open-${phoneIndex}`, enteredAt: now };
        const doc = {
          _id: d.id,
          ...(d.state.rev ? { _rev: d.state.rev } : {}),
          type: 'score',
          scorecardId: `${phone.roundId}-${d.playerId}`,
          roundId: phone.roundId,
          playerId: d.playerId,
          hole: d.hole,
          ...entry,
          history: d.state.entries,
          createdAt: d.state.entries[0]?.enteredAt ?? now,
          updatedAt: now,
        };
        d.state.busy = true;
        return {
          method: 'POST',
          path: `${sync}/_bulk_docs`,
          token: phone.session,
          body: { docs: [doc] },
          // Answered otherwise than 2xx: not written. Not answered at all: it may have landed, its revision unknown, so the hole stays skipped.
          release: () => (d.state.busy = false),
          after: (a) => {
            d.state.busy = false;
            const rows = JSON.parse(a.body) as { ok?: boolean; rev?: string; error?: string }[];
            const row = rows[0];
            if (!row?.ok || !row.rev) return `row ${row?.error ?? 'missing'}`;
            d.state.rev = row.rev;
            d.state.entries = [...d.state.entries, entry];
            return null;
          },
        };
      }
      case 'phone push _all_docs': {
        const list = docs[phoneIndex]!;
        const at = nextDoc[phoneIndex]!;
        return { method: 'POST', path: `${sync}/_all_docs`, token: phone.session, body: { keys: [list[at % list.length]!.id], include_docs: true, deleted: 'ok' } };
      }
      case 'phone pull _changes':
      case 'phone longpoll _changes': {
        // As the device's transport asks: from the last sequence it saw (answered at once when there are changes since, else at the next).
        const feed = kind === 'phone pull _changes' ? 'normal' : 'longpoll';
        return {
          method: 'GET',
          path: `${sync}/_changes?style=all_docs&feed=${feed}&since=${encodeURIComponent(lastSeq[phoneIndex]!)}&include_docs=true&heartbeat=60000&limit=20&seq_interval=20`,
          token: phone.session,
          after: (a) => {
            const seq = (JSON.parse(a.body) as { last_seq?: unknown }).last_seq;
            if (seq === undefined) return 'no last_seq';
            lastSeq[phoneIndex] = String(seq);
            return null;
          },
        };
      }
      case 'TV display poll':
        return { method: 'GET', path: `/display/codes/${plan.displayCode}` };
      case 'organizer scorecard read':
        return { method: 'GET', path: `/trips/${plan.tripId}/scorecards/${cards[cardTurn++ % cards.length]}/scores`, token: plan.orgToken };
    }
  };

  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now() - started;
      while (next < arrivals.length && arrivals[next]!.at <= now) {
        const { at, kind } = arrivals[next++]!;
        if (inFlight >= plan.maxInFlight) {
          notSent += 1;
          fail(kind, 'not sent: in-flight bound');
          continue;
        }
        const r = requestOf(kind);
        if (!r) {
          notSent += 1;
          fail(kind, 'not sent: every hole of the phone has a write unanswered');
          continue;
        }
        inFlight += 1;
        maxInFlightSeen = Math.max(maxInFlightSeen, inFlight);
        sent += 1;
        sendLag.push(performance.now() - started - at);
        const isHeld = HELD_KINDS.includes(kind);
        const p = send(plan, r.method, r.path, r.token, r.body, isHeld ? held : open)
          .then((a) => {
            const done = performance.now() - started;
            if (a.status < 200 || a.status >= 300) {
              r.release?.();
              fail(kind, String(a.status));
              return;
            }
            const why = r.after?.(a) ?? null;
            if (why) fail(kind, why);
            else {
              stats.get(kind)!.ms.push(done - at);
              const second = (bySecond[Math.floor(at / 1000)] ??= { reads: [], writes: [] });
              if (WRITE_KINDS.includes(kind)) second.writes.push(done - at);
              else if (!isHeld) second.reads.push(done - at);
            }
            if (done <= plan.durationMs) answeredAt.push(done);
          })
          .catch((err: NodeJS.ErrnoException) => {
            if (isHeld && closing) return;
            fail(kind, err.code ?? String(err));
          })
          .finally(() => (inFlight -= 1));
        (isHeld ? pendingHeld : pending).push(p);
      }
      if (next >= arrivals.length) resolve();
      else setTimeout(tick, Math.max(0, Math.min(5, arrivals[next]!.at - (performance.now() - started))));
    };
    tick();
  });
  // The schedule is over: wait for the answers (the longpolls are held until a change: closed once the rest are in).
  const drained = await Promise.race([
    Promise.all(pending).then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), plan.drainMs)),
  ]);
  const wallMs = performance.now() - started;
  closing = true;
  const heldAtEnd = held.size;
  for (const req of held) req.destroy();
  if (!drained) for (const req of open) req.destroy(new Error('unanswered at the drain'));
  await Promise.allSettled([...pending, ...pendingHeld]);
  agent.destroy();
  const used = process.cpuUsage(cpu);
  const sortedLag = [...sendLag].sort((a, b) => a - b);
  const q = (p: number) => sortedLag[Math.min(sortedLag.length - 1, Math.max(0, Math.ceil((p / 100) * sortedLag.length) - 1))] ?? Number.NaN;
  return {
    kinds: OPEN_KINDS.map((k) => [k, { ms: stats.get(k)!.ms, errors: [...stats.get(k)!.errors] }]),
    bySecond: Array.from({ length: Math.ceil(plan.durationMs / 1000) }, (_, i) => bySecond[i] ?? { reads: [], writes: [] }),
    scheduled: arrivals.length,
    sent,
    notSent,
    sendLagMs: [q(50), q(95), sortedLag.at(-1) ?? Number.NaN],
    wallMs,
    scheduleMs: plan.durationMs,
    answeredInSchedule: (answeredAt.length / plan.durationMs) * 1000,
    heldAtEnd,
    maxInFlightSeen,
    cpuMs: (used.user + used.system) / 1000,
  };
}

// Run only as the generator process bench/load-open.ts forks (marked so), not when imported.
if (process.send && process.env.LOAD_OPEN_CHILD === '1') {
  process.once('message', (plan: OpenPlan) => {
    run(plan).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (err: unknown) => process.send!({ error: String((err as Error)?.stack ?? err) }, () => process.exit(1)),
    );
  });
}
