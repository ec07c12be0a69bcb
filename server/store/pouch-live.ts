import type PouchDB from 'pouchdb-node';

/**
 * Waiting for a database to change (the gateway's longpolls): one live PouchDB changes feed per database, shared by
 * every waiter (longpolls of many phones), opened while anyone waits and closed after; a waiter whose `since` is
 * already behind answers at once.
 */
type Pouch = PouchDB.Database<Record<string, unknown>>;

export class LiveChanges {
  private readonly waiters = new Set<(changed: boolean) => void>();
  private feed: PouchDB.Core.Changes<Record<string, unknown>> | undefined;

  constructor(private readonly pouch: Pouch) {}

  /** Resolves true when the database's sequence passes `since`, false after `timeoutMs` or when `signal` aborts. */
  async waitForChange(since: string | number, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return false;
    const current = (await this.pouch.info()).update_seq;
    if (Number(current) > Number(since)) return true;
    return new Promise((resolve) => {
      const waiter = (changed: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiters.delete(waiter);
        if (this.waiters.size === 0) this.stopFeed();
        resolve(changed);
      };
      const onAbort = () => waiter(false);
      const timer = setTimeout(() => waiter(false), timeoutMs);
      signal?.addEventListener('abort', onAbort);
      this.waiters.add(waiter);
      this.startFeed(current);
      // A write between the first look and joining a feed that was already running would be missed: look again.
      void this.pouch.info().then(
        (i) => (Number(i.update_seq) > Number(since) ? waiter(true) : undefined),
        () => undefined,
      );
    });
  }

  private startFeed(since: string | number) {
    if (this.feed) return;
    this.feed = this.pouch.changes({ since: since as number, live: true });
    const wakeAll = () => {
      for (const w of [...this.waiters]) w(true);
    };
    this.feed.on('change', wakeAll);
    this.feed.on('error', () => {
      this.stopFeed();
      for (const w of [...this.waiters]) w(false);
    });
  }

  private stopFeed() {
    this.feed?.cancel();
    this.feed = undefined;
  }
}
