import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * The BlobStore port: files (receipts, later report HTML and audio) kept outside every replicated database, so a
 * phone syncing its trip never downloads them (files never go into a replicated database). Their metadata documents live in the trip
 * database; the bytes live here under a key such as `trip/<tripId>/receipt/<receiptId>`. Two adapters implement it:
 * files under DATA_DIR/blobs (`blobs.fs.ts`) and attachments in a non-replicated CouchDB database (`blobs.couch.ts`).
 */
export interface BlobStore {
  readonly kind: 'fs' | 'couchdb';
  /** Stores the bytes under `key`, replacing what was there; a reader sees the old blob or the new one, never half. */
  put(key: string, bytes: Uint8Array, options: BlobPutOptions): Promise<BlobWritten>;
  /**
   * Stores what `source()` yields under `key`, streamed: the bytes never sit whole in memory. `source` may be called
   * again to retry (a concurrent writer of the key), so it must give the same bytes each time (e.g. re-read a file).
   * `size` is the number of bytes it yields, known up front (CouchDB gets a Content-Length, so a request cut short
   * can never pass for a complete one). When the source fails or yields another count, nothing is stored and the
   * previous blob under `key` stays.
   */
  putStream(key: string, source: () => Readable, options: BlobPutOptions & { size: number }): Promise<BlobWritten>;
  /** The blob under `key`, or undefined. Reads it whole: for small blobs; large ones are read with {@link open}. */
  get(key: string): Promise<StoredBlob | undefined>;
  /**
   * A stream of the blob under `key`, or of the inclusive byte range `range` of it (clamped to its end), or undefined
   * when there is none. The stream holds its own handle, so a delete meanwhile does not cut it short on disk.
   */
  open(key: string, range?: ByteRange): Promise<OpenedBlob | undefined>;
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

/** Bytes `start` to `end`, both inclusive (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface OpenedBlob {
  stream: Readable;
  contentType: string;
  /** Size of the whole blob. */
  size: number;
  /** The range the stream carries; the whole blob when none was asked (`end` is -1 for an empty blob). */
  start: number;
  end: number;
}

/** The range actually served of a blob of `size` bytes: `range` with its end clamped, or everything. */
export function servedRange(size: number, range: ByteRange | undefined): ByteRange {
  if (!range) return { start: 0, end: size - 1 };
  if (!Number.isSafeInteger(range.start) || range.start < 0 || range.start >= size || range.end < range.start) {
    throw new RangeError(`byte range ${range.start}-${range.end} is outside a blob of ${size} bytes`);
  }
  return { start: range.start, end: Math.min(range.end, size - 1) };
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

/** A streamed source yielded another number of bytes than the size it was put with. */
export class SizeMismatchError extends Error {
  constructor(expected: number, actual: number) {
    super(`the source yielded ${actual} bytes, not the ${expected} it was put with`);
    this.name = 'SizeMismatchError';
  }
}

/**
 * The bytes of a source as they pass, counted and hashed: fails as soon as they pass `expected`, or when they end
 * short of it, so a write never completes with the wrong bytes. The failure (the source's own, or the count's) is
 * kept, to be reported rather than the aborted write it caused.
 */
export function measuredSource(source: Readable, expected: number) {
  const hash = createHash('sha256');
  let size = 0;
  let failed: unknown;
  async function* body(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of source) {
        const bytes = chunk as Uint8Array;
        size += bytes.byteLength;
        if (size > expected) throw new SizeMismatchError(expected, size);
        hash.update(bytes);
        yield bytes;
      }
      if (size !== expected) throw new SizeMismatchError(expected, size);
    } catch (err) {
      failed = err;
      source.destroy();
      throw err;
    }
  }
  return { chunks: body(), failure: () => failed, written: (): BlobWritten => ({ size, sha256: hash.digest('hex') }) };
}
