/**
 * What the Money screen reads: replicated documents (expenses, settlements, players: on the phone, offline too),
 * the queue of expenses not on the server yet, and REST answers kept with their time (shown with their age when
 * there is no signal rather than a blank).
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ExpenseDoc, SettlementDoc } from '../../../../shared/schemas/money.js';
import type { DeviceTrip } from '../../../../sync/device/index.js';
import { useDocs, useTrip } from '../../state/hooks.js';
import { onQueueChange, queued, type QueuedExpense } from './queue.js';

export interface PlayerRef {
  id: string;
  name: string;
}

export function usePlayers(): PlayerRef[] | undefined {
  const docs = useDocs<PlayerRef>('player');
  return docs?.map((p) => ({ id: p.id, name: p.name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A player's name by id, once the phone has read its players; undefined until then, so a row waits for its names
 * rather than showing "someone" for a moment (a settlement read before the players after a reload did).
 */
export function useNames(): ((id: string) => string) | undefined {
  const players = usePlayers();
  return players && ((id) => players.find((p) => p.id === id)?.name ?? 'someone');
}

export const useExpenses = () => useDocs<ExpenseDoc>('expense');
export const useSettlements = () => useDocs<SettlementDoc>('settlement');

/** The queue of this trip, live. */
export function useQueue(tripKey: string): QueuedExpense[] | undefined {
  const [items, setItems] = useState<QueuedExpense[] | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    const read = () => void queued(tripKey).then((q) => alive && setItems(q), () => alive && setItems([]));
    read();
    const off = onQueueChange(read);
    return () => {
      alive = false;
      off();
    };
  }, [tripKey]);
  return items;
}

interface Kept<T> {
  value: T;
  at: string;
}

const cacheKey = (tripKey: string, name: string) => `golf.portal.money.v1:${tripKey}:${name}`;

function readKept<T>(tripKey: string, name: string): Kept<T> | undefined {
  try {
    const raw = localStorage.getItem(cacheKey(tripKey, name));
    return raw ? (JSON.parse(raw) as Kept<T>) : undefined;
  } catch {
    return undefined;
  }
}

export interface Fetched<T> {
  value: T | undefined;
  /** When the value was answered by the server (device clock). */
  at: string | undefined;
  /** The last try failed (no signal, …): the value shown is the kept one. */
  problem: string | undefined;
  loading: boolean;
  reload: () => void;
}

/** GET a portal path; the answer is kept on the phone with its time and shown until a newer one arrives. */
export function useFetched<T>(name: string, path: string | null, deps: unknown[] = []): Fetched<T> {
  const { trip, kept } = useTrip();
  const [state, setState] = useState<Omit<Fetched<T>, 'reload'>>(() => {
    const k = readKept<T>(kept.key, name);
    return { value: k?.value, at: k?.at, problem: undefined, loading: !!path };
  });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    if (!path) return;
    let alive = true;
    setState((s) => ({ ...s, loading: true }));
    getJson<T>(trip, path).then(
      (value) => {
        const at = new Date().toISOString();
        try {
          localStorage.setItem(cacheKey(kept.key, name), JSON.stringify({ value, at }));
        } catch {
          // storage full: shown now, just not kept
        }
        if (alive) setState({ value, at, problem: undefined, loading: false });
      },
      (err: Error) => alive && setState((s) => ({ ...s, problem: err.message, loading: false })),
    );
    return () => {
      alive = false;
    };
  }, [trip, path, tick, ...deps]);
  return { ...state, reload };
}

/** A portal REST call answering JSON; rejects with the server's reason, or a sentence when there is no signal. */
export async function getJson<T>(trip: DeviceTrip, path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await trip.request(path, init);
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new Error(code === 'unreachable' ? 'No signal.' : (err as Error).message);
  }
  const body = (await res.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
  if (!res.ok) throw new Error(body?.error?.message ?? `The server answered ${res.status}.`);
  return body as T;
}
