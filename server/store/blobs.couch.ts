import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  checkBlobKey,
  servedRange,
  measuredSource,
  type BlobPutOptions,
  type BlobStore,
  type BlobWritten,
  type ByteRange,
  type OpenedBlob,
  type StoredBlob,
} from './blobs.js';
import { StoreUnavailableError } from './docstore.js';

/** The database of blobs. Never replicated: phones replicate trip databases only. */
export const BLOB_DB = 'golf_blobs';
/** Each data document holds its bytes as this one attachment. */
const ATTACHMENT = 'blob';
/** A concurrent writer of the same key changed the pointer's revision between our read and our write: try again. */
const PUT_ATTEMPTS = 5;

export interface CouchBlobStoreOptions {
  /** Name of the blob database; tests give each run its own. */
  dbName?: string;
}

/** The document of a key: which data document holds its bytes now. */
interface PointerDoc {
  _rev?: string;
  data?: string;
  contentType?: string;
  size?: number;
  sha256?: string;
  /** Blobs written before pointers held their bytes as an attachment of the key's own document. */
  _attachments?: Record<string, { content_type?: string; length?: number }>;
}

/**
 * Blobs as CouchDB attachments in a database of their own. Each write makes a new, never-changed data document
 * (`data:<random>`) holding the bytes as one attachment, and then points the key's document (its id is the key)
 * at it; the data document it pointed at before is deleted. The bytes are sent raw with the standalone attachment
 * API (`PUT /{db}/{doc}/{attachment}`), streamed with a Content-Length, not base64 in JSON.
 *
 * Why the indirection: a reader must see the old blob or the new one, never half, and a failed upload must leave
 * the key as it was. CouchDB discards a request cut short, but pouchdb-server commits what it received, so the
 * bytes never go straight onto the key. The pointer is a small JSON write, retried on a concurrent writer without
 * sending the bytes again. A data document whose pointer write failed is deleted; one committed by a server after
 * its request was cut short is never pointed at (an orphan that costs disk only).
 *
 * It speaks plain HTTP with `fetch` (nano's client is JSON-minded): credentials in COUCHDB_URL become a Basic
 * `Authorization` header, and a path in the URL (a reverse proxy prefix) is kept.
 */
export class CouchBlobStore implements BlobStore {
  readonly kind = 'couchdb' as const;
  private readonly base: URL;
  private readonly authorization: string | undefined;
  private readonly db: string;
  private created: Promise<void> | undefined;

  constructor(url: string, options: CouchBlobStoreOptions = {}) {
    const u = new URL(url);
    this.authorization =
      u.username || u.password ? `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}` : undefined;
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    if (!u.pathname.endsWith('/')) u.pathname += '/';
    this.base = u;
    this.db = options.dbName ?? BLOB_DB;
  }

  put(key: string, bytes: Uint8Array, options: BlobPutOptions): Promise<BlobWritten> {
    return this.putStream(key, () => Readable.from([bytes]), { ...options, size: bytes.byteLength });
  }

  async putStream(key: string, source: () => Readable, { contentType, size }: BlobPutOptions & { size: number }): Promise<BlobWritten> {
    checkBlobKey(key);
    await this.ensureDb();
    const data = `data:${randomBytes(16).toString('hex')}`;
    const upload = measuredSource(source(), size);
    let res: Response;
    try {
      res = await this.fetch(this.attachmentPath(data), {
        method: 'PUT',
        headers: { 'Content-Type': contentType, 'Content-Length': String(size) },
        body: size === 0 ? new Uint8Array(0) : upload.chunks,
      });
    } catch (err) {
      throw upload.failure() ?? err;
    }
    await expectOk(res, 'PUT', key);
    // An empty blob is sent as an empty body; its count and hash are those of no bytes.
    const written = upload.written();
    try {
      const previous = await this.point(key, { data, contentType, size: written.size, sha256: written.sha256 });
      if (previous) await this.deleteDoc(previous);
    } catch (err) {
      await this.deleteDoc(data).catch(() => undefined);
      throw err;
    }
    return written;
  }

  async get(key: string): Promise<StoredBlob | undefined> {
    const opened = await this.open(key);
    if (!opened) return undefined;
    const chunks: Uint8Array[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Uint8Array);
    const bytes = new Uint8Array(Buffer.concat(chunks));
    return { bytes, contentType: opened.contentType, size: bytes.byteLength };
  }

  async open(key: string, range?: ByteRange): Promise<OpenedBlob | undefined> {
    const pointer = await this.readDoc<PointerDoc>(this.docPath(key), key);
    if (!pointer) return undefined;
    const legacy = pointer._attachments?.[ATTACHMENT];
    const at = pointer.data ? { path: this.attachmentPath(pointer.data), rev: undefined } : legacy ? { path: `${this.docPath(key)}/${ATTACHMENT}`, rev: pointer._rev } : undefined;
    if (!at) return undefined;
    const size = pointer.data ? (pointer.size ?? 0) : (legacy?.length ?? 0);
    const contentType = (pointer.data ? pointer.contentType : legacy?.content_type) ?? 'application/octet-stream';
    const { start, end } = servedRange(size, range);
    if (end < start) return { stream: Readable.from([]), contentType, size, start, end };
    const partial = range !== undefined && (start > 0 || end < size - 1);
    const res = await this.fetch(at.rev ? `${at.path}?rev=${encodeURIComponent(at.rev)}` : at.path, {
      method: 'GET',
      headers: { Accept: '*/*', ...(partial ? { Range: `bytes=${start}-${end}` } : {}) },
    });
    // The data document went with a delete or a newer put meanwhile: the key has no blob, or another one.
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    await expectOk(res, 'GET', key, false);
    let stream = res.body ? Readable.fromWeb(res.body as WebReadableStream<Uint8Array>) : Readable.from([]);
    // CouchDB answers a Range on an attachment it stores uncompressed with 206; others (and pouchdb-server) send it
    // all with 200, and the range is cut here.
    if (partial && res.status !== 206) stream = sliceStream(stream, start, end);
    return { stream, contentType, size, start, end };
  }

  async delete(key: string): Promise<boolean> {
    const path = this.docPath(key);
    for (let attempt = 1; ; attempt++) {
      const pointer = await this.readDoc<PointerDoc>(path, key);
      if (!pointer?._rev) return false;
      const res = await this.fetch(`${path}?rev=${encodeURIComponent(pointer._rev)}`, { method: 'DELETE' });
      // 404: deleted by someone else meanwhile. 409: rewritten meanwhile, delete the newer revision.
      if (res.status === 404) {
        await res.body?.cancel();
        return false;
      }
      if (res.status === 409 && attempt < PUT_ATTEMPTS) {
        await res.body?.cancel();
        continue;
      }
      await expectOk(res, 'DELETE', key);
      if (pointer.data) await this.deleteDoc(pointer.data);
      return true;
    }
  }

  /** Points `key` at a data document; answers the data document it pointed at before, if any. */
  private async point(key: string, target: Required<Pick<PointerDoc, 'data' | 'contentType' | 'size' | 'sha256'>>): Promise<string | undefined> {
    const path = this.docPath(key);
    for (let attempt = 1; ; attempt++) {
      const current = await this.readDoc<PointerDoc>(path, key);
      const body = JSON.stringify({ ...target, ...(current?._rev ? { _rev: current._rev } : {}) });
      const res = await this.fetch(path, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: new TextEncoder().encode(body) });
      if (res.status === 409 && attempt < PUT_ATTEMPTS) {
        await res.body?.cancel();
        continue;
      }
      await expectOk(res, 'PUT', key);
      return current?.data;
    }
  }

  /** Deletes a document whatever its revision (best effort: a data document nobody points at). */
  private async deleteDoc(id: string): Promise<void> {
    const path = `${encodeURIComponent(this.db)}/${encodeURIComponent(id)}`;
    for (let attempt = 1; attempt <= PUT_ATTEMPTS; attempt++) {
      const doc = await this.readDoc<{ _rev?: string }>(path, id);
      if (!doc?._rev) return;
      const res = await this.fetch(`${path}?rev=${encodeURIComponent(doc._rev)}`, { method: 'DELETE' });
      await res.body?.cancel();
      if (res.status !== 409) return;
    }
  }

  /** A document's JSON (attachments as stubs), or undefined when missing or deleted. */
  private async readDoc<T>(path: string, what: string): Promise<T | undefined> {
    const res = await this.fetch(path, { method: 'GET' });
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    await expectOk(res, 'GET', what, false);
    return (await res.json()) as T;
  }

  /** Creates the database on first write (412 when it exists: created earlier or by another server). */
  private ensureDb(): Promise<void> {
    this.created ??= (async () => {
      const res = await this.fetch(encodeURIComponent(this.db), { method: 'PUT' });
      if (res.status !== 412) await expectOk(res, 'PUT', this.db);
      else await res.body?.cancel();
    })().catch((err: unknown) => {
      this.created = undefined;
      throw err;
    });
    return this.created;
  }

  /** The key is the document id, encoded whole: its `/` are part of the id, not of the path. */
  private docPath(key: string): string {
    return `${encodeURIComponent(this.db)}/${encodeURIComponent(checkBlobKey(key))}`;
  }

  private attachmentPath(dataId: string): string {
    return `${encodeURIComponent(this.db)}/${encodeURIComponent(dataId)}/${ATTACHMENT}`;
  }

  private async fetch(path: string, init: { method: string; headers?: Record<string, string>; body?: Uint8Array | AsyncIterable<Uint8Array> }): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (this.authorization) headers.Authorization = this.authorization;
    const body = init.body === undefined ? {} : init.body instanceof Uint8Array ? { body: init.body as Uint8Array<ArrayBuffer> } : { body: init.body as unknown as BodyInit, duplex: 'half' };
    try {
      return await fetch(new URL(path, this.base), { method: init.method, headers, ...body } as RequestInit);
    } catch (err) {
      throw new StoreUnavailableError(`CouchDB unreachable (${init.method} ${path}): ${String((err as Error).message ?? err)}`, { cause: err });
    }
  }
}

/**
 * Anything but 2xx is an error: the server is the database admin and builds every request itself, so a 4xx is a
 * misconfiguration or a bug, never the caller's input (keys are validated before any request).
 */
async function expectOk(res: Response, method: string, what: string, consume = true): Promise<void> {
  if (res.ok) {
    if (consume) await res.body?.cancel();
    return;
  }
  const text = await res.text().catch(() => '');
  throw new StoreUnavailableError(`CouchDB answered ${res.status} to ${method} of blob ${what}: ${text.slice(0, 200)}`);
}

/** Bytes `start`..`end` (inclusive) of a stream of a whole blob. */
function sliceStream(source: Readable, start: number, end: number): Readable {
  return Readable.from(
    (async function* () {
      let at = 0;
      for await (const chunk of source) {
        const bytes = chunk as Uint8Array;
        const from = Math.max(start - at, 0);
        const to = Math.min(end + 1 - at, bytes.byteLength);
        if (to > from) yield bytes.subarray(from, to);
        at += bytes.byteLength;
        if (at > end) break;
      }
    })(),
  );
}
