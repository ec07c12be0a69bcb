/**
 * Child processes started by the tests and the benchmarks: a free loopback port to give them, waiting until they
 * answer HTTP, stopping them, and the in-memory pouchdb-server that stands in for CouchDB (so the CouchDB adapter is
 * tested over real HTTP without a CouchDB install).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const POUCHDB_SERVER = fileURLToPath(new URL('../../node_modules/.bin/pouchdb-server', import.meta.url));

/** A port nobody listens on: bind port 0, read what the OS chose, release it. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port assigned'))));
    });
  });
}

/**
 * Polls `url` until it answers 2xx. Fails at once if `child` exits first, or after `timeoutMs`; both errors carry
 * the child's `output()`, the only clue to why it did not start.
 */
export async function waitForHttp(url: string, options: { child: ChildProcess; output: () => string; timeoutMs?: number }): Promise<void> {
  const { child, output, timeoutMs = 30_000 } = options;
  const name = child.spawnargs.slice(1).join(' ');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited with ${child.signalCode ?? child.exitCode} before answering ${url}\n${output()}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends `signal` (SIGTERM: a clean shutdown) and resolves once the process is gone; SIGKILL if it lingers 5 s. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export interface PouchServer {
  url: string;
  /** Stops the process and removes its working directory. */
  stop(): Promise<void>;
}

/** pouchdb-server on a free loopback port, in memory (the default, for tests) or on LevelDB (`--dir`, as our embedded store). */
export async function startPouchServer(options: { storage?: 'memory' | 'leveldb' } = {}): Promise<PouchServer> {
  // It writes config.json, log.txt and (on LevelDB) its databases into its working directory: a throwaway one.
  const cwd = await mkdtemp(join(tmpdir(), 'golf-pouchdb-server-'));
  const port = await freePort();
  const storage = options.storage === 'leveldb' ? ['--dir', cwd] : ['--in-memory'];
  const child = spawn(process.execPath, [POUCHDB_SERVER, ...storage, '--host', '127.0.0.1', '--port', String(port)], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child);
    await rm(cwd, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${url}/`, { child, output: () => stderr });
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
