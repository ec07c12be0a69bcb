/**
 * Changes made on this phone that the server's version replaced. For documents other than scores a conflict is
 * resolved with the server's state (sync/device README, "Conflicts"): an availability, a ride request or a pick
 * changed here while an organizer changed it on the server. What was typed must not vanish silently: each such
 * change is kept here (localStorage, per trip, the 50 latest) with the fields that differ, and the sync screen
 * lists it until dismissed. Watched from the moment the trip opens (state/trips.ts).
 */
import type { DeviceTrip, TripDocument } from '../../../sync/device/index.js';

export interface ReplacedChange {
  docId: string;
  type: string;
  at: string;
  /** Top-level fields whose value here differed from the version that won: [field, mine, kept]. */
  fields: [string, unknown, unknown][];
}

const META = new Set(['_id', '_rev', '_deleted', '_meta', '_attachments', 'updatedAt', 'updatedBy']);
const storeKey = (tripKey: string) => `golf.portal.replaced.v1:${tripKey}`;
const listeners = new Set<() => void>();

export function replacedChanges(tripKey: string): ReplacedChange[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(storeKey(tripKey)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as ReplacedChange[]) : [];
  } catch {
    return [];
  }
}

function save(tripKey: string, list: ReplacedChange[]): void {
  localStorage.setItem(storeKey(tripKey), JSON.stringify(list.slice(0, 50)));
  for (const l of listeners) l();
}

export function dismissReplaced(tripKey: string, docId: string, at: string): void {
  save(tripKey, replacedChanges(tripKey).filter((c) => !(c.docId === docId && c.at === at)));
}

export function onReplacedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The fields of `mine` that the winning version does not carry as they were (meta fields left out). */
export function differingFields(mine: TripDocument, kept: TripDocument): [string, unknown, unknown][] {
  const out: [string, unknown, unknown][] = [];
  for (const field of new Set([...Object.keys(mine), ...Object.keys(kept)])) {
    if (META.has(field)) continue;
    if (JSON.stringify(mine[field]) !== JSON.stringify(kept[field])) out.push([field, mine[field], kept[field]]);
  }
  return out;
}

/** Records every non-score change of `trip` that lost to the server's version. */
export function watchReplaced(tripKey: string, trip: DeviceTrip, now: () => Date = () => new Date()): void {
  trip.conflicts$.subscribe((c) => {
    if (c.local.type === 'score') return; // scores merge by the shared rule and keep every value in their history
    const fields = differingFields(c.local, c.resolved);
    if (fields.length === 0) return;
    save(tripKey, [{ docId: c.docId, type: String(c.local.type), at: now().toISOString(), fields }, ...replacedChanges(tripKey)]);
  });
}
