/**
 * No file handle is left for the garbage collector to close (Node's DEP0137 warning, a descriptor held open until
 * then): blob reads, refused ones included, close what they open. Runs in a child process with `--expose-gc`, where
 * garbage collection can be forced and warnings are the child's own.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./support/file-handles-child.ts', import.meta.url));

describe('file handles', () => {
  it('reading blobs from the file store, a refused range included, leaves no handle to the garbage collector', { timeout: 60_000 }, async () => {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD], { cwd: ROOT, env });
    const { warnings } = JSON.parse(stdout.trim().split('\n').pop()!) as { warnings: { name: string; code?: string; message: string }[] };
    expect(warnings).toEqual([]);
  });
});
