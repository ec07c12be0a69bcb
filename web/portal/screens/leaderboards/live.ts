/**
 * The boards of the open trip, live: one `LiveBoards` (sync/device/leaderboards.ts) per open trip, shared by the
 * leaderboards and point game screens, and a hook that recomputes the chosen board when its inputs change. The
 * device library memoizes per round, so a score in another round answers the very same object and nothing renders.
 */
import { useEffect, useState } from 'preact/hooks';
import { LiveBoards } from '../../../../sync/device/leaderboards.js';
import type { DeviceTrip } from '../../../../sync/device/index.js';

const open = new WeakMap<DeviceTrip, LiveBoards>();

export function liveBoardsOf(trip: DeviceTrip): LiveBoards {
  let live = open.get(trip);
  if (!live) {
    live = new LiveBoards(trip);
    open.set(trip, live);
  }
  return live;
}

/** Whether the live boards have read every document type once. */
export function useReady(live: LiveBoards): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let on = true;
    live.ready.then(() => on && setReady(true));
    return () => {
      on = false;
    };
  }, [live]);
  return ready;
}

/** Same answer: the same object, or lists of the same objects (memoized answers are stable). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((x, i) => same(x, b[i]));
}

/**
 * `compute()` now and after every change of the trip's board inputs; renders only when the answer is another
 * object. After each recompute that renders, `document.body.dataset.boardsComputedAt` is set (the benchmark's hook;
 * `boardsComputeMs` is how long the last computation took).
 */
export function useLive<T>(live: LiveBoards, ready: boolean, key: string, compute: () => T): T | undefined {
  const [value, setValue] = useState<{ key: string; v: T } | undefined>(undefined);
  useEffect(() => {
    if (!ready) return;
    const timed = () => {
      const t0 = performance.now();
      const v = compute();
      document.body.dataset.boardsComputeMs = (performance.now() - t0).toFixed(2);
      document.body.dataset.boardsApplyMs = live.lastApplyMs.toFixed(2);
      return v;
    };
    let last: T = timed();
    setValue({ key, v: last });
    const sub = live.changes$.subscribe(() => {
      const next = timed();
      if (same(next, last)) return;
      last = next;
      setValue({ key, v: next });
    });
    return () => sub.unsubscribe();
  }, [live, ready, key]);
  useEffect(() => {
    if (value) document.body.dataset.boardsComputedAt = String(performance.now());
  }, [value]);
  return value && value.key === key ? value.v : undefined;
}

/** A list of documents of some types, refreshed when one of those types changes (not on scores). */
export function useLiveDocs(live: LiveBoards, ready: boolean, types: readonly string[]): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!ready) return;
    setVersion((v) => v + 1);
    const sub = live.changes$.subscribe((c) => {
      if (types.includes(c.type)) setVersion((v) => v + 1);
    });
    return () => sub.unsubscribe();
  }, [live, ready]);
  return version;
}
