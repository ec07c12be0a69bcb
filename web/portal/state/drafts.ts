/**
 * One entry per decision (issue 22). A golfer taps −/+ a few times on a hole before the value is right; every tap
 * being an entry left the in-between values in the score's history, where an organizer reads them as corrections
 * and a dispute can be raised by a value nobody meant. So taps on one hole are a draft, and the value the golfer
 * settles on is written once (`DeviceTrip.enterScore`), when they
 * - pause (`SETTLE_MS` after the last tap on that hole),
 * - move to another hole or group, or leave the scorecard (the screen calls `settle`),
 * - hide or close the page (`pagehide`, `visibilitychange`).
 *
 * Every tap also goes to localStorage at once, synchronously, so closing the app mid-burst loses nothing: the
 * drafts left there are written when the trip opens next (`settleLeftovers`). The entry's time is the moment of
 * the last tap (the server's clock as the phone knew it then), not the moment it was written.
 *
 * A draft also carries its base (issue 33): the score the phone showed for the hole when the burst began, the value
 * the golfer counted from. Signal may come back while a draft waits, and bring another phone's value for the same
 * hole; the draft is then a decision made against a value it never saw, and `enterScore` writes it as the
 * disagreement it is (a dispute, the later entry counting), as if both phones had written offline. Taps on a hole
 * that already has a draft keep the draft's base: the phone went on showing the draft, not what arrived.
 */
import type { ScoreDoc } from '../../../shared/schemas/round.js';
import type { DeviceTrip, ScoreBase, Stamp } from '../../../sync/device/index.js';

/** The pause after which a value counts as settled. */
export const SETTLE_MS = 2_000;

export interface Draft {
  scorecardId: string;
  roundId: string;
  playerId: string;
  hole: number;
  strokes: number | null;
  stamp: Stamp;
  /**
   * The hole's score as the phone showed it at the burst's first tap (`scoreBase`), null when it showed none.
   * Absent in drafts an older version left: those are written as before, over whatever is stored.
   */
  base?: ScoreBase;
}

const storageKey = (tripKey: string) => `golf.portal.drafts.v1:${tripKey}`;
export const draftKey = (scorecardId: string, hole: number) => `${scorecardId}#${hole}`;

function readAll(tripKey: string): Record<string, Draft> {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(tripKey)) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Draft>) : {};
  } catch {
    return {};
  }
}

function writeAll(tripKey: string, drafts: Record<string, Draft>): void {
  if (Object.keys(drafts).length === 0) localStorage.removeItem(storageKey(tripKey));
  else localStorage.setItem(storageKey(tripKey), JSON.stringify(drafts));
}

const same = (a: Draft | undefined, b: Draft) => !!a && a.strokes === b.strokes && a.stamp.at === b.stamp.at;

export interface SettleEvents {
  /**
   * A draft was written: `stored` is the hole's score in the trip's database now. Its value is the draft's, unless
   * the hole had changed from another device and that entry, the later one, counts (a dispute, `Draft.base`).
   */
  written?: (key: string, draft: Draft, stored: ScoreDoc) => void;
  failed?: (key: string, draft: Draft, err: unknown) => void;
}

/** The drafts of one trip on this phone. One per trip (`draftsOf`), shared by every screen. */
export class Drafts {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<SettleEvents>();

  constructor(
    private readonly tripKey: string,
    private readonly trip: DeviceTrip,
  ) {}

  listen(events: SettleEvents): () => void {
    this.listeners.add(events);
    return () => this.listeners.delete(events);
  }

  /**
   * A tap, made on `input.base` (the score the screen showed): the draft is kept at once, and settles after a pause
   * unless another tap on that hole comes first. A draft waiting on the hole keeps its own base.
   */
  put(input: Omit<Draft, 'stamp'>): void {
    const key = draftKey(input.scorecardId, input.hole);
    const all = readAll(this.tripKey);
    const waiting = all[key];
    all[key] = { ...input, ...(waiting && 'base' in waiting ? { base: waiting.base } : {}), stamp: this.trip.clock.stamp() };
    writeAll(this.tripKey, all);
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => void this.settle([key]), SETTLE_MS));
  }

  /** The holes with a draft not yet written. */
  pending(): Record<string, Draft> {
    return readAll(this.tripKey);
  }

  /**
   * Writes the drafts of `keys` (all when omitted) as entries, one after another in tap order. Resolves once they
   * are in the trip's database; a draft tapped again meanwhile stays for its own settling.
   */
  settle(keys?: string[]): Promise<void> {
    const chosen = Object.entries(readAll(this.tripKey)).filter(([k]) => !keys || keys.includes(k));
    for (const [k] of chosen) {
      clearTimeout(this.timers.get(k));
      this.timers.delete(k);
    }
    const run = this.queue.then(async () => {
      for (const [key, draft] of chosen) {
        // Written already by an earlier settle of the same draft (a pause, then leaving the hole).
        if (!same(readAll(this.tripKey)[key], draft)) continue;
        try {
          const { stamp, base, ...input } = draft;
          const stored = await this.trip.enterScore(input, stamp, base);
          const now = readAll(this.tripKey);
          if (same(now[key], draft)) {
            delete now[key];
            writeAll(this.tripKey, now);
          }
          for (const l of this.listeners) l.written?.(key, draft, stored);
        } catch (err) {
          for (const l of this.listeners) l.failed?.(key, draft, err);
        }
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Drafts an earlier visit left (the page was closed mid-burst): written now, unless the database shows that very
   * decision already (written, then closed before the draft was cleared).
   */
  async settleLeftovers(): Promise<void> {
    const all = readAll(this.tripKey);
    for (const [key, draft] of Object.entries(all)) {
      const stored = (await this.trip.scores(draft.scorecardId)).find((s) => s.hole === draft.hole);
      // The decision may be the hole's value, or in its history: merged with a later entry of another phone (`base`).
      const decided = (e: { strokes: number | null; deviceId: string; enteredAt: string }) => e.strokes === draft.strokes && e.deviceId === this.trip.deviceId && e.enteredAt === draft.stamp.at;
      if (stored && [stored, ...(stored.history ?? [])].some(decided)) delete all[key];
    }
    writeAll(this.tripKey, all);
    await this.settle();
  }
}

const byTrip = new WeakMap<DeviceTrip, Drafts>();

/** The drafts of an open trip; settled when the page is hidden or closed. */
export function draftsOf(tripKey: string, trip: DeviceTrip): Drafts {
  let drafts = byTrip.get(trip);
  if (!drafts) {
    const created = new Drafts(tripKey, trip);
    drafts = created;
    byTrip.set(trip, created);
    const settleAll = () => void created.settle();
    addEventListener('pagehide', settleAll);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') settleAll();
    });
  }
  return drafts;
}
