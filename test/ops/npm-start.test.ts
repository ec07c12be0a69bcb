/**
 * `npm start` is one process as far as signals go: SIGTERM to npm (what a process manager or `docker stop` sends)
 * reaches the server, which shuts down and exits 0; and a server whose npm died without passing anything on
 * (SIGKILL) notices and stops too, instead of holding the port and the database unseen.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
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
async function npmStart(name: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const child = await startChild('npm', ['start'], {
    cwd: ROOT,
    port,
    env: serverEnv({ PORT: String(port), DATA_DIR: join(scratch, name, 'data'), WEB_DIR: join(scratch, name, 'web'), AUTH_JWT_SECRET: 'ops-npm-start-secret-0123456789abcdef', ...extraEnv }),
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

  /** The server's 'listening' line: the heap it may grow to and the copies' budget it took from that. */
  const listening = (output: string) => {
    const line = output.split('\n').find((l) => l.includes('"msg":"listening"'));
    expect(line).toBeDefined();
    return JSON.parse(line!) as { heapLimitMb: number; tripCopiesMb: number };
  };
  const heapMb = Number((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { config: { heapMb: string } }).config.heapMb);

  it("bounds the server's heap as package.json says, and its copies of trips by that heap", { timeout: 120_000 }, async () => {
    const { child } = await npmStart('heap', { LOG_LEVEL: 'info' });
    const started = listening(child.output());
    // The limit V8 reports counts the young generation on top of the old space the flag sets.
    expect(started.heapLimitMb).toBeGreaterThanOrEqual(heapMb);
    expect(started.heapLimitMb).toBeLessThan(heapMb + 100);
    expect(started.tripCopiesMb).toBe(Math.floor(started.heapLimitMb / 8));
    child.process.kill('SIGTERM');
    expect(await child.exited).toEqual({ code: 0, signal: null });
  });

  it("lets a deployment's NODE_OPTIONS raise the heap, and TRIP_COPIES_MB set the copies", { timeout: 120_000 }, async () => {
    const { child } = await npmStart('heap-raised', { LOG_LEVEL: 'info', NODE_OPTIONS: '--max-old-space-size=2048', TRIP_COPIES_MB: '40' });
    const started = listening(child.output());
    expect(started.heapLimitMb).toBeGreaterThanOrEqual(2048);
    expect(started.tripCopiesMb).toBe(40);
    child.process.kill('SIGTERM');
    expect(await child.exited).toEqual({ code: 0, signal: null });
  });
});
