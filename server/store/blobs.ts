/**
 * The BlobStore port: files (receipts, later report HTML and audio) kept outside every replicated database, so a
 * phone syncing its trip never downloads them (DESIGN.md, "Files"). Their metadata documents live in the trip
 * database; the bytes live here under a key such as `trip/<tripId>/receipt/<receiptId>`. Two adapters implement it:
 * files under DATA_DIR/blobs (`blobs.fs.ts`) and attachments in a non-replicated CouchDB database (`blobs.couch.ts`).
 */
export interface BlobStore {
  readonly kind: 'fs' | 'couchdb';
  /** Stores the bytes under `key`, replacing what was there; a reader sees the old blob or the new one, never half. */
  put(key: string, bytes: Uint8Array, options: BlobPutOptions): Promise<BlobWritten>;
  /** The blob under `key`, or undefined. */
  get(key: string): Promise<StoredBlob | undefined>;
  /** Removes the blob; answers whether there was one. */
  delete(key: string): Promise<boolean>;
}

export interface BlobPutOptions {
  /** A media type such as `image/png`, answered again by `get`. */
  contentType: string;
}

export interface BlobWritten {
  size: number;
  /** SHA-256 of the bytes, lowercase hex. */
  sha256: string;
}

export interface StoredBlob {
  bytes: Uint8Array;
  contentType: string;
  size: number;
}

/**
 * Key segments: lowercase letters, digits, `_` and `-`, starting with a letter or digit, joined by `/`. No dots, so
 * no segment is `.` or `..` and no key meets the file adapter's own names (`*.json`, `*.bin`, `*.tmp-*`).
 */
const KEY = /^[a-z0-9][a-z0-9_-]{0,127}(\/[a-z0-9][a-z0-9_-]{0,127}){0,7}$/;

/** Answers the key when it is valid; throws a TypeError (a programming error, never user input) otherwise. */
export function checkBlobKey(key: string): string {
  if (!KEY.test(key)) throw new TypeError(`invalid blob key ${JSON.stringify(key)}: 1–8 segments of a-z, 0-9, _ and - joined by /`);
  return key;
}
