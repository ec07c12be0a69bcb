/**
 * A pick the server overtook: the captain picked on this phone (often without signal), and meanwhile the game
 * changed on the server (the captain's other phone, the organizer). Sync resolves that conflict with the server's
 * version (sync/device README, "Conflicts"), so the pick made here is gone from the phone. It must not vanish
 * silently: the holes whose pick was replaced are kept here and shown on the point game screen until dismissed.
 * Watched per open trip from the first time the screen is opened in this session (the session that made the pick).
 */
import { useEffect, useState } from 'preact/hooks';
import type { DeviceTrip } from '../../../../sync/device/index.js';

interface Selection {
  hole: number;
  playerIds: string[];
  confirmed: boolean;
}
interface Watch {
  byDoc: Map<string, number[]>;
  listeners: Set<() => void>;
}
const watches = new WeakMap<DeviceTrip, Watch>();

const key = (s: Selection | undefined) => (s ? `${s.confirmed}:${[...s.playerIds].sort().join(',')}` : '');

/** The holes whose selection on this phone differs from the version that won. */
export function replacedHoles(local: unknown, resolved: unknown): number[] {
  const mine = ((local as { selections?: Selection[] }).selections ?? []) as Selection[];
  const won = ((resolved as { selections?: Selection[] }).selections ?? []) as Selection[];
  return mine.filter((s) => key(s) !== key(won.find((w) => w.hole === s.hole))).map((s) => s.hole);
}

export function watchReplacedPicks(trip: DeviceTrip): Watch {
  let w = watches.get(trip);
  if (!w) {
    const made: Watch = { byDoc: new Map(), listeners: new Set() };
    w = made;
    watches.set(trip, made);
    trip.conflicts$.subscribe((c) => {
      if (c.local.type !== 'pointgame') return;
      const holes = replacedHoles(c.local, c.resolved);
      if (holes.length === 0) return;
      made.byDoc.set(c.docId, [...new Set([...(made.byDoc.get(c.docId) ?? []), ...holes])].sort((a, b) => a - b));
      for (const l of made.listeners) l();
    });
  }
  return w;
}

/** The holes of this game whose pick on this phone was replaced by the server's version, and a way to dismiss them. */
export function useReplacedPicks(trip: DeviceTrip, docId: string): { holes: number[]; dismiss: () => void } {
  const w = watchReplacedPicks(trip);
  const [holes, setHoles] = useState<number[]>(w.byDoc.get(docId) ?? []);
  useEffect(() => {
    const l = () => setHoles(w.byDoc.get(docId) ?? []);
    w.listeners.add(l);
    l();
    return () => void w.listeners.delete(l);
  }, [w, docId]);
  return {
    holes,
    dismiss: () => {
      w.byDoc.delete(docId);
      for (const l of w.listeners) l();
    },
  };
}
