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
 * A board kept computed while its inputs change, whether a screen shows it or not: the boards last looked at stay
 * up to date while the golfer scores (opening the Boards tab shows them at once, and the benchmark's hook moves on a
 * score tapped on the scorecard). At most {@link KEEP} per trip.
 */
interface Watch {
  compute: () => unknown;
  value: unknown;
  listeners: Set<(value: unknown) => void>;
}
const KEEP = 3;
const watches = new WeakMap<LiveBoards, Map<string, Watch>>();

/** Runs a computation, recording how long it took and how long the device library took to take in the change. */
function timed<T>(live: LiveBoards, compute: () => T): T {
  const t0 = performance.now();
  const v = compute();
  document.body.dataset.boardsComputeMs = (performance.now() - t0).toFixed(2);
  document.body.dataset.boardsApplyMs = live.lastApplyMs.toFixed(2);
  return v;
}

function watchesOf(live: LiveBoards): Map<string, Watch> {
  let map = watches.get(live);
  if (!map) {
    const created = new Map<string, Watch>();
    map = created;
    watches.set(live, created);
    live.changes$.subscribe(() => {
      for (const w of created.values()) {
        const next = timed(live, w.compute);
        if (same(next, w.value)) continue;
        w.value = next;
        // Shown: the screen stamps after it rendered. Not shown: the board is up to date now.
        if (w.listeners.size === 0) document.body.dataset.boardsComputedAt = String(performance.now());
        for (const l of w.listeners) l(next);
      }
    });
  }
  return map;
}

/** The watch of a board, created (and computed) when new; the oldest unshown one goes beyond {@link KEEP}. */
function watch(live: LiveBoards, key: string, compute: () => unknown): Watch {
  const map = watchesOf(live);
  let w = map.get(key);
  if (w) {
    map.delete(key);
    map.set(key, w); // most recent last
    return w;
  }
  w = { compute, value: timed(live, compute), listeners: new Set() };
  map.set(key, w);
  for (const [k, old] of map) {
    if (map.size <= KEEP) break;
    if (old.listeners.size === 0 && k !== key) map.delete(k);
  }
  return w;
}

/**
 * The board `key` (computed by `compute()`), kept up to date as the trip's board inputs change; renders only when
 * the answer is another object. After each recompute that renders, `document.body.dataset.boardsComputedAt` is set
 * (the benchmark's hook; `boardsComputeMs` is how long the last computation took, `boardsApplyMs` how long the
 * device library took to take in the change).
 */
export function useLive<T>(live: LiveBoards, ready: boolean, key: string, compute: () => T): T | undefined {
  const [value, setValue] = useState<{ key: string; v: T } | undefined>(undefined);
  useEffect(() => {
    if (!ready) return;
    const w = watch(live, key, compute);
    setValue({ key, v: w.value as T });
    const listener = (v: unknown) => setValue({ key, v: v as T });
    w.listeners.add(listener);
    return () => void w.listeners.delete(listener);
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
