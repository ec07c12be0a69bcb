/**
 * One page at a time keeps a trip open on this phone. The trip's storage answers from memory (kept-storage.ts), so a
 * second tab or window writing from its own copy could put an older state over a newer one on disk. Each open trip
 * holds a Web Lock for the life of the page; another page opening the same trip waits for it, says so
 * (`waitingForOtherTab$`), and opens by itself as soon as the first page is closed. Browsers without Web Locks
 * (before Safari 15.4) open it at once, as before.
 */
import { BehaviorSubject } from 'rxjs';

/** The keys of the trips this page waits for, held by another tab or window. */
export const waitingForOtherTab$ = new BehaviorSubject<ReadonlySet<string>>(new Set());

function setWaiting(key: string, waiting: boolean): void {
  const next = new Set(waitingForOtherTab$.getValue());
  if (waiting) next.add(key);
  else next.delete(key);
  waitingForOtherTab$.next(next);
}

/** Resolves once this page holds the trip's lock; the function it gives releases it (a trip that failed to open). */
export async function holdTrip(key: string): Promise<() => void> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return () => undefined;
  const name = `golf-trip-open:${key}`;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const take = (options: LockOptions) =>
    new Promise<boolean>((resolve, reject) => {
      locks
        .request(name, options, async (lock) => {
          resolve(lock !== null);
          if (lock) await held;
        })
        .catch(reject);
    });
  if (await take({ ifAvailable: true })) return release;
  setWaiting(key, true);
  try {
    await take({});
  } finally {
    setWaiting(key, false);
  }
  return release;
}
