/**
 * The server's clock as this device knows it. Phones cross time zones, and some have their clock set by hand: a
 * phone 15 minutes fast would have every score refused as "from the future", and one 2 hours slow would lose every
 * "latest entry counts" dispute it should win. So every entry is stamped with the server's time, not the phone's.
 *
 * Every answer of the server carries its clock: when the request arrived (`X-Server-Received`, `s0`) and when it
 * was answered (`X-Server-Time`, `s1`), milliseconds since the epoch. For a request sent at device time `t0` and
 * answered at `t1`, the offset (server − device) lies in `[s1 − t1, s0 − t0]`: its middle is the estimate and half
 * the width its error bound, the network's part of the round trip only (NTP's on-wire calculation, RFC 5905 §8).
 * Of the recent samples the one with the smallest bound is used (NTP's clock filter, §10, in its simplest form): a
 * slow answer says little, a quick one a lot. Recent samples only, so a clock changed by hand is followed.
 *
 * Before the first answer of a session the offset is unknown: an entry is then stamped with the device's clock and
 * marked (`clockPending`), and corrected as soon as the offset is known (device-trip.ts, before it is sent).
 */
import { BehaviorSubject, filter, firstValueFrom, type Observable } from 'rxjs';
import { SERVER_RECEIVED_HEADER, SERVER_TIME_HEADER } from '../../shared/domain/write-rules.js';

export { SERVER_RECEIVED_HEADER, SERVER_TIME_HEADER };

/** How many recent samples the filter keeps. */
const WINDOW = 8;

export interface ClockSample {
  /** Estimated server − device, in milliseconds. */
  offsetMs: number;
  /** Half the round trip: the true offset is within `offsetMs ± errorMs`. */
  errorMs: number;
}

/** A moment stamped on an entry: the server's time when the offset is known, else the device's time, marked. */
export interface Stamp {
  at: string;
  /** True when `at` is the device's own clock, to be corrected once the offset is known. */
  pending: boolean;
}

export class ServerClock {
  private readonly samples: ClockSample[] = [];
  private readonly best$ = new BehaviorSubject<ClockSample | null>(null);

  constructor(private readonly deviceNow: () => Date = () => new Date()) {}

  /** The best estimate (null until the server answered once), and every change of it. */
  get estimate(): ClockSample | null {
    return this.best$.getValue();
  }

  get estimate$(): Observable<ClockSample | null> {
    return this.best$.asObservable();
  }

  get known(): boolean {
    return this.best$.getValue() !== null;
  }

  /** Resolves with the offset once the server answered (at once when it did already). */
  whenKnown(): Promise<number> {
    return firstValueFrom(this.best$.pipe(filter((s): s is ClockSample => s !== null))).then((s) => s.offsetMs);
  }

  /**
   * One answer: sent at device time `sentAt`, answered at `receivedAt`; the server had it from `serverFrom` to
   * `serverTo` on its clock (one instant when only the answer's time is known).
   */
  observe(sentAt: number, receivedAt: number, serverTo: number, serverFrom = serverTo): void {
    if (![sentAt, receivedAt, serverFrom, serverTo].every(Number.isFinite) || receivedAt < sentAt || serverTo < serverFrom) return;
    const held = Math.min(serverTo - serverFrom, receivedAt - sentAt);
    this.samples.push({ offsetMs: Math.round((serverFrom - sentAt + (serverTo - receivedAt)) / 2), errorMs: (receivedAt - sentAt - held) / 2 });
    if (this.samples.length > WINDOW) this.samples.shift();
    const best = this.samples.reduce((a, b) => (b.errorMs <= a.errorMs ? b : a));
    const current = this.best$.getValue();
    if (!current || current.offsetMs !== best.offsetMs || current.errorMs !== best.errorMs) this.best$.next(best);
  }

  /** The server's time now, as well as this device knows it (the device's own clock until it knows). */
  now(): Date {
    return new Date(this.deviceNow().getTime() + (this.estimate?.offsetMs ?? 0));
  }

  /** A stamp for an entry made now, or at device time `at` (a decision made a moment ago). */
  stamp(at: Date = this.deviceNow()): Stamp {
    const estimate = this.estimate;
    if (!estimate) return { at: at.toISOString(), pending: true };
    return { at: new Date(at.getTime() + estimate.offsetMs).toISOString(), pending: false };
  }

  /**
   * `fetch` that feeds every answer carrying the server's clock into this estimate. Device times are read as close
   * to the exchange as JavaScript can: before the call, and as soon as the headers are in.
   */
  timed(fetchImpl: typeof fetch): typeof fetch {
    return async (input, init) => {
      const sentAt = this.deviceNow().getTime();
      const res = await fetchImpl(input, init);
      const receivedAt = this.deviceNow().getTime();
      const answered = res.headers.get(SERVER_TIME_HEADER);
      const arrived = res.headers.get(SERVER_RECEIVED_HEADER);
      if (answered) this.observe(sentAt, receivedAt, Number(answered), arrived ? Number(arrived) : undefined);
      return res;
    };
  }
}
