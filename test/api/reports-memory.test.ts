import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/processes.js';
import { tinyMp3 } from '../support/media.js';
import { startChildServer, type ChildServer } from '../sync/support/fault-child.js';

/**
 * The upload path streams: a 60 MB report upload is refused (413) with the server's peak memory growing by a small
 * fraction of the file, and a 50 MB one is stored the same way. The server runs as its own process so its memory
 * is its own: its peak resident set during each upload (see {@link peakDuring}).
 */

const MiB = 1024 * 1024;
let server: ChildServer;
let dataDir: string;
let token: string;
let tripId: string;

/** Resident memory now and at its peak since the last reset, in bytes. */
async function memory(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/**
 * The server's peak resident set while `work` runs, in bytes: the kernel's own peak (VmHWM), reset first by writing
 * "5" to clear_refs (Linux 4.0+), and RSS sampled every 10 ms in case the reset is not allowed; the larger counts.
 */
async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; before: number; peak: number }> {
  const before = (await memory(pid)).rss;
  const reset = await writeFile(`/proc/${pid}/clear_refs`, '5').then(
    () => true,
    () => false,
  );
  let sampled = before;
  const timer = setInterval(() => {
    void memory(pid).then((m) => (sampled = Math.max(sampled, m.rss)), () => undefined);
  }, 10);
  try {
    const result = await work();
    const after = await memory(pid);
    return { result, before, peak: Math.max(sampled, after.rss, reset ? after.peak : 0) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * A multipart/form-data body of a title and one file of `size` bytes (an MP3 frame, then zeros), produced 64 KiB at a
 * time and sent chunked, without a Content-Length: the server can only find out the size by reading the stream.
 */
function streamedUpload(size: number) {
  const boundary = `----golf${Date.now()}`;
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nLong recording\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const first = tinyMp3({ frames: 100 });
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent >= size) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const chunk = new Uint8Array(Math.min(64 * 1024, size - sent));
      if (sent === 0) chunk.set(first.subarray(0, chunk.length));
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(size: number) {
  const { body, contentType } = streamedUpload(size);
  const res = await fetch(`${server.url}/trips/${tripId}/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'golf-memory-'));
  server = await startChildServer({ port: await freePort(), dataDir, jwtSecret: 'memory-test-secret-that-is-long-enough-01' });
  const registered = await fetch(`${server.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `memory.${Date.now()}@example.com`, password: 'correct horse battery', name: 'Memory' }),
  });
  token = ((await registered.json()) as { token: string }).token;
  const trip = await fetch(`${server.url}/trips`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Memory', startDate: '2027-04-10', endDate: '2027-04-12', timezone: 'Europe/Lisbon', currency: 'EUR' }),
  });
  tripId = ((await trip.json()) as { id: string }).id;
  // Warm up the upload path. The first large transfer a fresh process sees grows its heap by some 30 MiB once (V8
  // lets socket buffers become garbage for a while before it collects them), whatever the file's size; after that
  // the plateau holds. Measured uploads then count only what they keep.
  expect((await upload(16 * MiB)).status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('report uploads stream', () => {
  it('refuses a 60 MB upload sent without a length, the server peaking far below the file size', async () => {
    const { result: res, before, peak } = await peakDuring(server.pid, () => upload(60 * MiB));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    const growth = peak - before;
    console.info(`60 MB refused: peak RSS grew by ${(growth / MiB).toFixed(1)} MiB (RSS before ${(before / MiB).toFixed(0)} MiB)`);
    expect(growth).toBeLessThan(20 * MiB);
  });

  it('stores a 50 MB upload the same way', async () => {
    const { result: res, before, peak } = await peakDuring(server.pid, () => upload(50 * MiB));
    expect(res.status).toBe(201);
    expect(res.body.size).toBe(50 * MiB);
    const growth = peak - before;
    console.info(`50 MB stored: peak RSS grew by ${(growth / MiB).toFixed(1)} MiB`);
    expect(growth).toBeLessThan(20 * MiB);
  });
});
