import type { CouchHttp } from './couch-http.js';

/**
 * Waiting for a change of one CouchDB database, shared (couch.adapter.ts `waitForChange`): every phone of a trip
 * waits for the trip's next change, and they mostly wait from the same position, so this server asks CouchDB one
 * longpoll `_changes` per position (CouchDB API: /{db}/_changes, `feed=longpoll`) however many phones wait on it,
 * instead of one each. The longpoll is ended (its request aborted) once nobody waits on it any more.
 */
export class SharedLongpoll {
  private readonly polls = new Map<string, Poll>();

  constructor(
    private readonly http: CouchHttp,
    private readonly path: string,
  ) {}

  /** True as soon as the database has a change after `since`, false after `timeoutMs` or once `signal` aborts. */
  wait(since: string | number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    const poll = this.poll(since);
    return new Promise<boolean>((resolve, reject) => {
      const waiter: Waiter = {
        settle: (changed, err) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', leave);
          poll.waiters.delete(waiter);
          if (err) reject(err);
          else resolve(changed);
        },
      };
      const leave = () => {
        waiter.settle(false);
        // Nobody waits on it any more: CouchDB need not hold the longpoll open.
        if (poll.waiters.size === 0) this.end(poll);
      };
      const timer = setTimeout(leave, timeoutMs);
      signal?.addEventListener('abort', leave);
      poll.waiters.add(waiter);
    });
  }

  /**
   * Whether a longpoll from exactly `since` is under way and has not answered: no change after `since` was seen
   * yet, and a waiter that joins now is woken by the first one (even one whose answer is on its way now).
   */
  unchangedSince(since: string | number): boolean {
    return this.polls.has(String(since));
  }

  private poll(since: string | number): Poll {
    const key = String(since);
    let poll = this.polls.get(key);
    if (!poll) {
      poll = { key, waiters: new Set(), controller: new AbortController() };
      this.polls.set(key, poll);
      void this.run(poll, since);
    }
    return poll;
  }

  private async run(poll: Poll, since: string | number): Promise<void> {
    try {
      for (;;) {
        const res = await this.http.request<{ results: unknown[] }>({
          path: `${this.path}/_changes`,
          // CouchDB ends a longpoll at `timeout` with no rows; asked again while someone still waits.
          qs: { feed: 'longpoll', since, limit: 1, timeout: 60_000 },
          signal: poll.controller.signal,
        });
        if (poll.controller.signal.aborted) return;
        if (res.results.length > 0 || poll.waiters.size === 0) break;
      }
      this.finish(poll, true);
    } catch (err) {
      if (poll.controller.signal.aborted) return;
      this.finish(poll, false, err);
    }
  }

  private finish(poll: Poll, changed: boolean, err?: unknown): void {
    if (this.polls.get(poll.key) === poll) this.polls.delete(poll.key);
    for (const waiter of [...poll.waiters]) waiter.settle(changed, err);
  }

  private end(poll: Poll): void {
    if (this.polls.get(poll.key) === poll) this.polls.delete(poll.key);
    poll.controller.abort();
  }
}

interface Waiter {
  settle(changed: boolean, err?: unknown): void;
}

interface Poll {
  key: string;
  waiters: Set<Waiter>;
  controller: AbortController;
}
