import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SizeMismatchError, type BlobStore } from '../../server/store/blobs.js';

export interface BlobContractSubject {
  blobs: BlobStore;
  cleanup: () => Promise<void>;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (s: string) => new TextEncoder().encode(s);
const random = (size: number) => new Uint8Array(randomBytes(size));
/** Everything a stream yields, as one array. */
async function drain(stream: Readable): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk as Uint8Array);
  return new Uint8Array(Buffer.concat(chunks));
}
/** `bytes` in chunks of `size`, as a fresh stream each call (a source may be read again on a retry). */
const chunked = (bytes: Uint8Array, size = 64 * 1024) => () =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
    })(),
  );
let n = 0;
/** A key no other test (or earlier run against a shared server) used. */
const freshKey = (kind = 'receipt') => `trip/t${randomBytes(8).toString('hex')}/${kind}/r${++n}`;

/**
 * The BlobStore port's contract, run against every adapter. `make` is called before each test; `cleanup` after.
 */
export function runBlobStoreContract(name: string, make: () => Promise<BlobContractSubject>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let subject: BlobContractSubject;
    let blobs: BlobStore;

    beforeEach(async () => {
      subject = await make();
      blobs = subject.blobs;
    });
    afterEach(() => subject.cleanup());

    it('gives back the bytes and content type it stored, with their size and SHA-256', async () => {
      const key = freshKey();
      const bytes = random(5000);
      const written = await blobs.put(key, bytes, { contentType: 'image/png' });
      expect(written).toEqual({ size: 5000, sha256: sha(bytes) });
      const got = await blobs.get(key);
      expect(got).toBeDefined();
      expect(got!.contentType).toBe('image/png');
      expect(got!.size).toBe(5000);
      expect(sha(got!.bytes)).toBe(sha(bytes));
    });

    it('answers undefined for a key never written', async () => {
      expect(await blobs.get(freshKey())).toBeUndefined();
    });

    it('replaces the bytes and content type on a second put', async () => {
      const key = freshKey();
      await blobs.put(key, text('%PDF-1.7 first'), { contentType: 'application/pdf' });
      const second = text('second version, longer than the first one');
      await expect(blobs.put(key, second, { contentType: 'text/plain' })).resolves.toEqual({ size: second.byteLength, sha256: sha(second) });
      const got = await blobs.get(key);
      expect(got!.contentType).toBe('text/plain');
      expect(Buffer.from(got!.bytes).toString()).toBe('second version, longer than the first one');
    });

    it('deletes a blob once: true, then false, and it is gone', async () => {
      const key = freshKey();
      await blobs.put(key, text('bye'), { contentType: 'text/plain' });
      expect(await blobs.delete(key)).toBe(true);
      expect(await blobs.get(key)).toBeUndefined();
      expect(await blobs.delete(key)).toBe(false);
      expect(await blobs.delete(freshKey())).toBe(false);
    });

    it('stores a key again after deleting it', async () => {
      const key = freshKey();
      await blobs.put(key, text('one'), { contentType: 'text/plain' });
      await blobs.delete(key);
      await blobs.put(key, text('two'), { contentType: 'text/plain' });
      expect(Buffer.from((await blobs.get(key))!.bytes).toString()).toBe('two');
    });

    it('keeps keys apart: a key, a longer key under it, and a sibling', async () => {
      const base = freshKey('report');
      await blobs.put(base, text('base'), { contentType: 'text/html' });
      await blobs.put(`${base}/audio`, text('audio'), { contentType: 'audio/mpeg' });
      await blobs.put(`${base}-2`, text('sibling'), { contentType: 'text/plain' });
      expect(Buffer.from((await blobs.get(base))!.bytes).toString()).toBe('base');
      expect((await blobs.get(`${base}/audio`))!.contentType).toBe('audio/mpeg');
      expect(Buffer.from((await blobs.get(`${base}-2`))!.bytes).toString()).toBe('sibling');
      expect(await blobs.delete(base)).toBe(true);
      expect(await blobs.get(`${base}/audio`)).toBeDefined();
    });

    it('stores an empty blob and a megabyte of every byte value unchanged', async () => {
      const empty = freshKey();
      await expect(blobs.put(empty, new Uint8Array(0), { contentType: 'application/octet-stream' })).resolves.toEqual({ size: 0, sha256: sha(new Uint8Array(0)) });
      expect((await blobs.get(empty))!.size).toBe(0);
      const big = freshKey();
      const bytes = new Uint8Array(1024 * 1024).map((_, i) => i % 256);
      await blobs.put(big, bytes, { contentType: 'application/octet-stream' });
      expect(sha((await blobs.get(big))!.bytes)).toBe(sha(bytes));
    });

    it('lands the last of concurrent puts of one key whole, never a mix', async () => {
      const key = freshKey();
      const versions = [random(200_000), random(150_000), random(100_000)];
      await Promise.all(versions.map((v, i) => blobs.put(key, v, { contentType: `image/v${i}` })));
      const got = (await blobs.get(key))!;
      const i = versions.findIndex((v) => sha(v) === sha(got.bytes));
      expect(i).toBeGreaterThanOrEqual(0);
      expect(got.contentType).toBe(`image/v${i}`);
    });

    it('streams a blob in and out in chunks', async () => {
      const bytes = random(3 * 1024 * 1024 + 17);
      const key = freshKey('report');
      const written = await blobs.putStream(key, chunked(bytes), { contentType: 'audio/mpeg', size: bytes.byteLength });
      expect(written).toEqual({ size: bytes.byteLength, sha256: sha(bytes) });
      const opened = (await blobs.open(key))!;
      expect(opened).toMatchObject({ contentType: 'audio/mpeg', size: bytes.byteLength, start: 0, end: bytes.byteLength - 1 });
      expect(sha(await drain(opened.stream))).toBe(sha(bytes));
    });

    it('opens byte ranges: the first byte, a middle slice across chunks, and an end past the last byte clamped', async () => {
      const key = freshKey('report');
      const bytes = random(300_000);
      await blobs.putStream(key, chunked(bytes, 50_000), { contentType: 'audio/mp4', size: bytes.byteLength });
      for (const [start, end, expected] of [
        [0, 0, bytes.subarray(0, 1)],
        [49_990, 150_009, bytes.subarray(49_990, 150_010)],
        [299_000, 10_000_000, bytes.subarray(299_000)],
      ] as const) {
        const opened = (await blobs.open(key, { start, end }))!;
        expect([opened.start, opened.end, opened.size]).toEqual([start, Math.min(end, bytes.byteLength - 1), bytes.byteLength]);
        expect(sha(await drain(opened.stream))).toBe(sha(expected));
      }
      await expect(blobs.open(key, { start: 300_000, end: 300_001 })).rejects.toThrow(RangeError);
    });

    it('opens nothing for a missing key and an empty stream for an empty blob', async () => {
      expect(await blobs.open(freshKey())).toBeUndefined();
      const key = freshKey();
      await blobs.put(key, new Uint8Array(0), { contentType: 'text/plain' });
      const opened = (await blobs.open(key))!;
      expect([opened.size, opened.start, opened.end]).toEqual([0, 0, -1]);
      expect((await drain(opened.stream)).byteLength).toBe(0);
    });

    it('keeps the previous blob when a streamed source fails midway, and says why', async () => {
      const key = freshKey('report');
      await blobs.put(key, text('the good version'), { contentType: 'text/html' });
      const failing = () =>
        Readable.from(
          (async function* () {
            yield random(256 * 1024);
            throw new Error('client went away');
          })(),
        );
      await expect(blobs.putStream(key, failing, { contentType: 'text/html', size: 512 * 1024 })).rejects.toThrow('client went away');
      const got = (await blobs.get(key))!;
      expect(Buffer.from(got.bytes).toString()).toBe('the good version');
      const fresh = freshKey('report');
      await expect(blobs.putStream(fresh, failing, { contentType: 'audio/mpeg', size: 512 * 1024 })).rejects.toThrow('client went away');
      expect(await blobs.open(fresh)).toBeUndefined();
    });

    it('refuses a source that yields fewer or more bytes than its size, keeping what was there', async () => {
      const key = freshKey('report');
      await blobs.put(key, text('kept'), { contentType: 'text/plain' });
      const bytes = random(200_000);
      await expect(blobs.putStream(key, chunked(bytes), { contentType: 'audio/mpeg', size: bytes.byteLength + 1 })).rejects.toThrow(SizeMismatchError);
      await expect(blobs.putStream(key, chunked(bytes), { contentType: 'audio/mpeg', size: bytes.byteLength - 1 })).rejects.toThrow(SizeMismatchError);
      expect(Buffer.from((await blobs.get(key))!.bytes).toString()).toBe('kept');
    });

    it.each([
      ['an empty key', ''],
      ['a parent segment', 'trip/../etc/passwd'],
      ['a dot segment', 'trip/./x'],
      ['a leading slash', '/trip/x'],
      ['a trailing slash', 'trip/x/'],
      ['an empty segment', 'trip//x'],
      ['a backslash', 'trip\\x'],
      ['upper case', 'trip/X'],
      ['a dot in a segment', 'trip/x.json'],
      ['a percent sign', 'trip/%2e%2e'],
      ['nine segments', 'a/b/c/d/e/f/g/h/i'],
    ])('refuses %s as a key, storing nothing', async (_label, key) => {
      await expect(blobs.put(key, text('x'), { contentType: 'text/plain' })).rejects.toThrow(/invalid blob key/);
      await expect(blobs.get(key)).rejects.toThrow(/invalid blob key/);
      await expect(blobs.delete(key)).rejects.toThrow(/invalid blob key/);
    });
  });
}
