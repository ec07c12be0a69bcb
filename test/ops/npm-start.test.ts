/**
 * `npm start` is one process as far as signals go: SIGTERM to npm (what a process manager or `docker stop` sends)
 * reaches the server, which shuts down and exits 0; and a server whose npm died without passing anything on
 * (SIGKILL) notices and stops too, instead of holding the port and the database unseen.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/processes.js';
import { alive, answers, descendants, killTree, serverEnv, startChild, within, type Child } from './support/child.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let scratch: string;
let running: { child: Child; tree: number[] } | undefined;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'golf-ops-npm-start-'));
});
afterEach(() => {
  if (running) killTree(running.child.process.pid!, running.tree);
  running = undefined;
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** `npm start` as the README says, with the browser apps built into the scratch directory (prestart). */
async function npmStart(name: string) {
  const port = await freePort();
  const child = await startChild('npm', ['start'], {
    cwd: ROOT,
    port,
    env: serverEnv({ PORT: String(port), DATA_DIR: join(scratch, name, 'data'), WEB_DIR: join(scratch, name, 'web'), AUTH_JWT_SECRET: 'ops-npm-start-secret-0123456789abcdef' }),
    timeoutMs: 90_000,
  });
  const tree = descendants(child.process.pid!);
  running = { child, tree };
  return { child, tree };
}

describe('npm start', () => {
  it('passes SIGTERM to the server: it stops answering, exits 0, and no process is left', { timeout: 120_000 }, async () => {
    const { child, tree } = await npmStart('sigterm');
    // npm runs the server; whatever sits between them, every one of these must be gone afterwards.
    expect(tree.length).toBeGreaterThan(0);
    child.process.kill('SIGTERM');
    const exit = await child.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(await within(5_000, () => tree.every((pid) => !alive(pid)))).toBe(true);
    expect(await answers(child.url)).toBe(false);
    expect(child.output()).not.toMatch(/"level":"error"|"level":50/);
  });

  it('stops the server when npm itself is killed without passing a signal on', { timeout: 120_000 }, async () => {
    const { child, tree } = await npmStart('sigkill');
    child.process.kill('SIGKILL');
    await child.exited;
    // The server checks its parent every second and shuts down cleanly when it is gone.
    expect(await within(10_000, () => tree.every((pid) => !alive(pid)))).toBe(true);
    expect(await answers(child.url)).toBe(false);
  });
});
