import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { CouchBlobStore } from '../../server/store/blobs.couch.js';
import { FsBlobStore } from '../../server/store/blobs.fs.js';
import { StoreUnavailableError } from '../../server/store/docstore.js';
import { runBlobStoreContract } from './blobs.contract.js';
import { realCouchUrl } from '../support/real-couch.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'golf-blobs-'));

runBlobStoreContract('FsBlobStore (files under DATA_DIR/blobs)', async () => {
  const dir = await tempDir();
  return { blobs: new FsBlobStore(join(dir, 'blobs')), cleanup: () => rm(dir, { recursive: true, force: true }) };
});

/** Each test gets its own blob database, dropped afterwards, so runs never meet each other or a real `golf_blobs`. */
function couchSubject(url: string) {
  return async () => {
    const dbName = `golf_blobs_test_${randomUUID().replace(/-/g, '')}`;
    return { blobs: new CouchBlobStore(url, { dbName }), cleanup: () => dropDb(url, dbName) };
  };
}

runBlobStoreContract('CouchBlobStore on pouchdb-server', couchSubject(inject('couchUrl')));
// Registered only when a real CouchDB is given, so a run without one has no skipped suite to explain.
if (realCouchUrl) runBlobStoreContract('CouchBlobStore on Apache CouchDB', couchSubject(realCouchUrl));

describe('FsBlobStore on disk', () => {
  it('keeps the bytes in one data file beside a JSON sidecar naming its type, and no temporary file', async () => {
    const dir = await tempDir();
    try {
      const blobs = new FsBlobStore(dir);
      const { sha256 } = await blobs.put('trip/abc123/receipt/r1', new TextEncoder().encode('%PDF-1.4'), { contentType: 'application/pdf' });
      await blobs.put('trip/abc123/receipt/r1', new TextEncoder().encode('%PDF-1.5'), { contentType: 'application/pdf' });
      const files = (await readdir(join(dir, 'trip/abc123/receipt'))).sort();
      expect(files).toHaveLength(2);
      expect(files).toContain('r1.json');
      expect(files.some((f) => f.startsWith('r1.') && f.endsWith('.bin') && !f.includes(sha256))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('ignores what a crash mid-write leaves behind: the last complete blob is still served', async () => {
    const dir = await tempDir();
    try {
      const blobs = new FsBlobStore(dir);
      await blobs.put('trip/abc123/receipt/r1', new TextEncoder().encode('complete'), { contentType: 'text/plain' });
      // A writer killed before its renames: half a data file and half a sidecar under temporary names.
      const folder = join(dir, 'trip/abc123/receipt');
      await writeFile(join(folder, `r1.${'0'.repeat(64)}.bin.tmp-dead01`), 'compl');
      await writeFile(join(folder, 'r1.json.tmp-dead02'), '{"contentTy');
      const got = await blobs.get('trip/abc123/receipt/r1');
      expect(Buffer.from(got!.bytes).toString()).toBe('complete');
      expect(got!.contentType).toBe('text/plain');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('CouchBlobStore', () => {
  it('keeps blobs in their own database: the key points at a data document holding the bytes, replaced by a new one on each put', async () => {
    const url = inject('couchUrl');
    const dbName = `golf_blobs_test_${randomUUID().replace(/-/g, '')}`;
    const read = async (id: string) => (await fetch(new URL(`${encodeURIComponent(dbName)}/${encodeURIComponent(id)}`, url.replace(/\/?$/, '/')))).json();
    try {
      const blobs = new CouchBlobStore(url, { dbName });
      await blobs.put('trip/abc123/receipt/r1', new Uint8Array([1, 2, 3]), { contentType: 'image/png' });
      const first = (await read('trip/abc123/receipt/r1')) as { data: string; size: number; contentType: string };
      expect(first).toMatchObject({ size: 3, contentType: 'image/png', data: expect.stringMatching(/^data:[0-9a-f]{32}$/) });
      const data = (await read(first.data)) as { _attachments: Record<string, { content_type: string; length: number }> };
      expect(data._attachments.blob).toMatchObject({ content_type: 'image/png', length: 3 });
      await blobs.put('trip/abc123/receipt/r1', new Uint8Array([4, 5]), { contentType: 'image/png' });
      const second = (await read('trip/abc123/receipt/r1')) as { data: string };
      expect(second.data).not.toBe(first.data);
      expect(await read(first.data)).toMatchObject({ error: 'not_found' });
    } finally {
      await dropDb(url, dbName);
    }
  });

  it('still reads and deletes a blob stored the earlier way, as an attachment of the key document itself', async () => {
    const url = inject('couchUrl');
    const dbName = `golf_blobs_test_${randomUUID().replace(/-/g, '')}`;
    const root = url.replace(/\/?$/, '/');
    try {
      await fetch(new URL(encodeURIComponent(dbName), root), { method: 'PUT' });
      const res = await fetch(new URL(`${encodeURIComponent(dbName)}/${encodeURIComponent('trip/abc123/receipt/old')}/blob`, root), {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: '%PDF-1.4 old',
      });
      expect(res.status).toBe(201);
      const blobs = new CouchBlobStore(url, { dbName });
      const got = (await blobs.get('trip/abc123/receipt/old'))!;
      expect([got.contentType, Buffer.from(got.bytes).toString()]).toEqual(['application/pdf', '%PDF-1.4 old']);
      const ranged = (await blobs.open('trip/abc123/receipt/old', { start: 9, end: 11 }))!;
      const chunks: Uint8Array[] = [];
      for await (const c of ranged.stream) chunks.push(c as Uint8Array);
      expect(Buffer.concat(chunks).toString()).toBe('old');
      expect(await blobs.delete('trip/abc123/receipt/old')).toBe(true);
      expect(await blobs.get('trip/abc123/receipt/old')).toBeUndefined();
    } finally {
      await dropDb(url, dbName);
    }
  });

  it('throws StoreUnavailableError without a reachable CouchDB', async () => {
    // Port 9 (discard) on loopback: nothing listens there, so the connection is refused at once.
    const blobs = new CouchBlobStore('http://admin:secret@127.0.0.1:9');
    await expect(blobs.put('trip/abc123/receipt/r1', new Uint8Array([1]), { contentType: 'image/png' })).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(blobs.get('trip/abc123/receipt/r1')).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});

async function dropDb(url: string, name: string): Promise<void> {
  const base = new URL(url);
  const headers = new Headers();
  if (base.username) headers.set('authorization', `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}`);
  const root = `${base.origin}${base.pathname.replace(/\/?$/, '/')}`;
  const res = await fetch(new URL(encodeURIComponent(name), root), { method: 'DELETE', headers });
  if (!res.ok && res.status !== 404) throw new Error(`could not drop ${name}: ${res.status} ${await res.text()}`);
}
