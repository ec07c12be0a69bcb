import { createHash } from 'node:crypto';
import { checkBlobKey, type BlobPutOptions, type BlobStore, type BlobWritten, type StoredBlob } from './blobs.js';
import { StoreUnavailableError } from './docstore.js';

/** The database of blobs. Never replicated: phones replicate trip databases only. */
export const BLOB_DB = 'golf_blobs';
/** Each blob document holds its bytes as this one attachment. */
const ATTACHMENT = 'blob';
/** A concurrent writer of the same key changed the revision between our read and our write: read and try again. */
const PUT_ATTEMPTS = 5;

export interface CouchBlobStoreOptions {
  /** Name of the blob database; tests give each run its own. */
  dbName?: string;
}

/**
 * Blobs as CouchDB attachments: one document per key (its id is the key) with one attachment, in a database of
 * their own. The bytes are sent raw with the standalone attachment API (`PUT /{db}/{doc}/{attachment}`), not
 * base64 in JSON, so a 50 MB file costs 50 MB. CouchDB writes a revision whole or not at all.
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

  async put(key: string, bytes: Uint8Array, { contentType }: BlobPutOptions): Promise<BlobWritten> {
    const path = this.attachmentPath(key);
    await this.ensureDb();
    for (let attempt = 1; ; attempt++) {
      const rev = await this.currentRev(key);
      const res = await this.fetch(rev ? `${path}?rev=${encodeURIComponent(rev)}` : path, {
        method: 'PUT',
        headers: { 'Content-Type': contentType },
        body: bytes,
      });
      if (res.status === 409 && attempt < PUT_ATTEMPTS) continue;
      if (res.status === 404 && !rev && attempt < PUT_ATTEMPTS) {
        // A deleted key: PouchDB (pouchdb-server) will not add an attachment to a deleted document without a
        // revision. Recreate the document empty first (readers meanwhile find no blob, as after the delete).
        await res.body?.cancel();
        const recreated = await this.fetch(this.docPath(key), { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: new TextEncoder().encode('{}') });
        if (recreated.status !== 409) await expectOk(recreated, 'PUT', key);
        else await recreated.body?.cancel();
        continue;
      }
      await expectOk(res, 'PUT', key);
      return { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
    }
  }

  async get(key: string): Promise<StoredBlob | undefined> {
    const res = await this.fetch(this.attachmentPath(key), { method: 'GET', headers: { Accept: '*/*' } });
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    await expectOk(res, 'GET', key, false);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { bytes, contentType: res.headers.get('content-type') ?? 'application/octet-stream', size: bytes.byteLength };
  }

  async delete(key: string): Promise<boolean> {
    const path = this.docPath(key);
    for (let attempt = 1; ; attempt++) {
      const rev = await this.currentRev(key);
      if (!rev) return false;
      const res = await this.fetch(`${path}?rev=${encodeURIComponent(rev)}`, { method: 'DELETE' });
      // 404: deleted by someone else meanwhile. 409: rewritten meanwhile, delete the newer revision.
      if (res.status === 404) {
        await res.body?.cancel();
        return false;
      }
      if (res.status === 409 && attempt < PUT_ATTEMPTS) continue;
      await expectOk(res, 'DELETE', key);
      return true;
    }
  }

  /**
   * The document's current revision; undefined when missing or deleted. Read from the document itself (a few
   * hundred bytes: the attachment is a stub), not a HEAD's ETag, which pouchdb-server does not set to the revision.
   */
  private async currentRev(key: string): Promise<string | undefined> {
    const res = await this.fetch(this.docPath(key), { method: 'GET' });
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    await expectOk(res, 'GET', key, false);
    const { _rev } = (await res.json()) as { _rev?: unknown };
    if (typeof _rev !== 'string') throw new StoreUnavailableError(`CouchDB answered blob ${key} without a revision`);
    return _rev;
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

  private attachmentPath(key: string): string {
    return `${this.docPath(key)}/${ATTACHMENT}`;
  }

  private async fetch(path: string, init: { method: string; headers?: Record<string, string>; body?: Uint8Array }): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (this.authorization) headers.Authorization = this.authorization;
    try {
      return await fetch(new URL(path, this.base), { method: init.method, headers, ...(init.body ? { body: init.body as Uint8Array<ArrayBuffer> } : {}) });
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
