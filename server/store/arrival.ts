import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * When the request being served arrived, on one counter shared with the reads of a store's state (`stamp`): a read
 * of a database's state that started after a request arrived holds every write acknowledged before the request was
 * sent, whichever server made it, so that request, and any other that arrived before the read started, may share it
 * instead of asking the store again (couch-mirror.ts). Outside a request (a background task) nothing is shared.
 *
 * A counter, not a clock: two events of one millisecond are still ordered.
 */
let counter = 0;
const arrivals = new AsyncLocalStorage<number>();

/** The next point of the counter: taken as a request arrives and as a read of a state starts. */
export function stamp(): number {
  counter += 1;
  return counter;
}

/** Runs `serve` as a request that arrived now (its awaits included). */
export function asArrivedNow<T>(serve: () => T): T {
  return arrivals.run(stamp(), serve);
}

/** When the request being served arrived; undefined outside a request. */
export function arrivedAt(): number | undefined {
  return arrivals.getStore();
}
