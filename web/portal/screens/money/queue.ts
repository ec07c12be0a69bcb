/**
 * Expenses added on the phone and waiting for the server, with their receipt photos: one IndexedDB object store
 * (raw IndexedDB API), so they survive a reload, the app being closed and the phone restarting. An entry leaves the
 * queue only once the server stored the expense (or the player removes it, which the screen asks first).
 */
import type { PortalCreateExpenseBody } from '../../../../shared/schemas/money.js';

export interface QueuedExpense {
  /** The expense id, chosen on the phone: `PUT …/expenses/:id` books it once however often it is sent. */
  id: string;
  /** The kept trip (`<tripId>:<playerId>`). */
  tripKey: string;
  tripId: string;
  body: Omit<PortalCreateExpenseBody, 'receiptId'>;
  photo: Blob | null;
  photoName: string | null;
  /** Set once the photo is uploaded, so a retry attaches the same receipt. */
  receiptId: string | null;
  queuedAt: string;
  attempts: number;
  /** Epoch ms of the next try (backoff after failures). */
  nextAt: number;
  /** Why the last try failed (no signal, server error), shown as is. */
  lastError: string | null;
  /** The server refused it (4xx) with this reason: not retried until the player says so. */
  refused: string | null;
  /** Stored on the server; kept until the synced expense is on the phone, so the list never loses it meanwhile. */
  sent: boolean;
}

const DB = 'golf-portal-money';
const STORE = 'expenses';
let dbPromise: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  dbPromise ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('tripKey', 'tripKey');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  dbPromise.catch(() => (dbPromise = undefined));
  return dbPromise;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = work(tx.objectStore(STORE));
    // Resolved when the transaction is durable, not when the request succeeds.
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('the phone storage refused the write'));
  });
}

const listeners = new Set<() => void>();

/** Called after every change of the queue (the screen re-reads it). */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const changed = () => listeners.forEach((l) => l());

export async function queued(tripKey?: string): Promise<QueuedExpense[]> {
  const all = await run<QueuedExpense[]>('readonly', (s) => (tripKey ? s.index('tripKey').getAll(tripKey) : s.getAll()));
  return all.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/** Expenses of a trip not on the server yet (for a sync badge or the sync screen). */
export async function waitingCount(tripKey: string): Promise<number> {
  return (await queued(tripKey)).filter((e) => !e.sent).length;
}

export async function put(entry: QueuedExpense): Promise<void> {
  await run('readwrite', (s) => s.put(entry));
  changed();
}

export async function update(id: string, patch: Partial<QueuedExpense>): Promise<QueuedExpense | undefined> {
  const db = await open();
  const result = await new Promise<QueuedExpense | undefined>((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    let next: QueuedExpense | undefined;
    const get = store.get(id);
    get.onsuccess = () => {
      const entry = get.result as QueuedExpense | undefined;
      if (!entry) return;
      next = { ...entry, ...patch };
      store.put(next);
    };
    tx.oncomplete = () => resolve(next);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
  changed();
  return result;
}

export async function remove(id: string): Promise<void> {
  await run('readwrite', (s) => s.delete(id));
  changed();
}

/** A new expense id, in the server's id format: a letter and 19 lowercase letters or digits (about 98 bits). */
export function newExpenseId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  let id = alphabet[bytes[0]! % 26]!;
  for (let i = 1; i < 20; i++) id += alphabet[bytes[i]! % 36]!;
  return id;
}
