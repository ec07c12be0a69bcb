/**
 * Run as a child process with `--expose-gc` (test/ops/file-handles.test.ts): reads blobs from the file store the
 * ways the server does, including the failing ones, collects garbage, and prints every process warning as one
 * JSON line, so the test sees a file handle left for the garbage collector to close (DEP0137).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FsBlobStore } from '../../../server/store/blobs.fs.js';

const warnings: { name: string; code?: string; message: string }[] = [];
process.on('warning', (w: Error & { code?: string }) => warnings.push({ name: w.name, ...(w.code ? { code: w.code } : {}), message: w.message }));

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const root = await mkdtemp(join(tmpdir(), 'golf-ops-handles-'));
try {
  const blobs = new FsBlobStore(root);
  const bytes = new Uint8Array(100_000).map((_, i) => i % 251);
  await blobs.put('trip/t1/report/r1', bytes, { contentType: 'audio/mpeg' });
  await blobs.put('trip/t1/report/empty', new Uint8Array(0), { contentType: 'text/plain' });
  for (let i = 0; i < 20; i++) {
    // A range past the end is refused (RangeError) after the blob was found.
    await blobs.open('trip/t1/report/r1', { start: 100_000, end: 100_010 }).then(
      () => {
        throw new Error('a range past the end must be refused');
      },
      (err: unknown) => {
        if (!(err instanceof RangeError)) throw err;
      },
    );
    // Read whole, read in part, an empty blob, and a stream given up before it was read (a client gone away).
    for await (const _ of (await blobs.open('trip/t1/report/r1'))!.stream);
    for await (const _ of (await blobs.open('trip/t1/report/r1', { start: 10, end: 20 }))!.stream);
    for await (const _ of (await blobs.open('trip/t1/report/empty'))!.stream);
    const dropped = (await blobs.open('trip/t1/report/r1'))!.stream;
    await new Promise<void>((resolve) => dropped.once('close', () => resolve()).destroy());
  }
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 50));
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
process.stdout.write(`${JSON.stringify({ warnings })}\n`);
