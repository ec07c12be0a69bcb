/**
 * Group commit for PouchDB's `bulkDocs`: PouchDB writes one batch at a time (each waits for the reads in flight, then
 * for the batch before it), so the `bulkDocs` calls that arrive while one is being written are written together as
 * the next batch: 50 scorers' writes take a few batches instead of 50 turns. A batch takes requests in arrival order
 * while their ids are disjoint (a document written twice keeps its order); each gets exactly the rows of its own
 * documents. If PouchDB refuses a whole batch (a malformed document), each request of it is written alone, so one
 * request's bad document fails that request only.
 */
import type { StoredDoc } from './docstore.js';

/** Documents written together at most by one group commit (`bulkDocs` calls of several requests). */
export const MAX_GROUPED_DOCS = 2_000;

interface QueuedWrite {
  docs: StoredDoc[];
  newEdits: boolean;
  resolve: (rows: unknown[]) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit {
  /** `bulkDocs` calls waiting for the one in flight. */
  private readonly queue: QueuedWrite[] = [];
  private flushing = false;

  /** `write` is one `bulkDocs` of the database, answering PouchDB's rows. */
  constructor(private readonly write: (docs: StoredDoc[], newEdits: boolean) => Promise<unknown[]>) {}

  /** Writes `docs` with the next batch; answers PouchDB's rows of these documents. */
  submit(docs: StoredDoc[], newEdits: boolean): Promise<unknown[]> {
    return new Promise<unknown[]>((resolve, reject) => {
      this.queue.push({ docs, newEdits, resolve, reject });
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length > 0) await this.writeBatch(this.takeBatch());
    } finally {
      this.flushing = false;
    }
  }

  private takeBatch(): QueuedWrite[] {
    const batch = [this.queue.shift()!];
    const ids = new Set(batch[0]!.docs.map((d) => d._id));
    let size = batch[0]!.docs.length;
    while (this.queue.length > 0) {
      const next = this.queue[0]!;
      if (next.newEdits !== batch[0]!.newEdits || size + next.docs.length > MAX_GROUPED_DOCS || next.docs.some((d) => !d._id || ids.has(d._id))) break;
      if (batch[0]!.docs.some((d) => !d._id)) break;
      this.queue.shift();
      batch.push(next);
      for (const d of next.docs) ids.add(d._id);
      size += next.docs.length;
    }
    return batch;
  }

  private async writeBatch(batch: QueuedWrite[]): Promise<void> {
    const newEdits = batch[0]!.newEdits;
    const write = (docs: StoredDoc[]) => this.write(docs, newEdits);
    if (batch.length === 1) {
      await write(batch[0]!.docs).then(batch[0]!.resolve, batch[0]!.reject);
      return;
    }
    let res: unknown[];
    try {
      res = await write(batch.flatMap((w) => w.docs));
    } catch {
      for (const w of batch) await write(w.docs).then(w.resolve, w.reject);
      return;
    }
    if (newEdits) {
      // One row per document, in the order written.
      let offset = 0;
      for (const w of batch) {
        w.resolve(res.slice(offset, offset + w.docs.length));
        offset += w.docs.length;
      }
    } else {
      // Only failures are listed, each naming its document; ids are disjoint between the requests of a batch.
      for (const w of batch) {
        const mine = new Set(w.docs.map((d) => d._id));
        w.resolve(res.filter((r) => mine.has((r as { id?: string }).id ?? '')));
      }
    }
  }
}
