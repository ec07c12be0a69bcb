/**
 * The server's clock as this device knows it. Phones cross time zones, and some have their clock set by hand: a
 * phone 15 minutes fast would have every score refused as "from the future", and one 2 hours slow would lose every
 * "latest entry counts" dispute it should win. So every entry is stamped with the server's time, not the phone's.
 *
 * Every answer of the server carries its clock (`X-Server-Time`, milliseconds since the epoch, stamped while the
 * request is handled). For one request sent at device time `t0` and answered at `t1`, the server's clock read `s`
 * somewhere in between, so the offset (server − device) lies in `[s − t1, s − t0]`: its middle is the estimate and
 * half the round trip its error bound. Of the recent samples the one with the smallest bound is used (the clock
 * filter of NTP, RFC 5905 §10, in its simplest form): a longpoll that waited a minute says almost nothing, a quick
 * answer says a lot. Recent samples only, so a clock changed by hand while the app runs is followed.
 *
 * Before the first answer of a session the offset is unknown: an entry is then stamped with the device's clock and
 * marked (`clockPending`), and corrected as soon as the offset is known (device-trip.ts, before it is sent).
 */
import { BehaviorSubject, filter, firstValueFrom, type Observable } from 'rxjs';
import { SERVER_TIME_HEADER } from '../../shared/domain/write-rules.js';

export { SERVER_TIME_HEADER };

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

  /** One answer: sent at device time `sentAt`, answered at `receivedAt`, the server's clock `serverMs` in between. */
  observe(sentAt: number, receivedAt: number, serverMs: number): void {
    if (!Number.isFinite(serverMs) || !Number.isFinite(sentAt) || !Number.isFinite(receivedAt) || receivedAt < sentAt) return;
    this.samples.push({ offsetMs: Math.round(serverMs - (sentAt + receivedAt) / 2), errorMs: (receivedAt - sentAt) / 2 });
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
      const header = res.headers.get(SERVER_TIME_HEADER);
      if (header) this.observe(sentAt, receivedAt, Number(header));
      return res;
    };
  }
}
