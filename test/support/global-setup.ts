import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const START_TIMEOUT_MS = 30_000;
const BIN = fileURLToPath(new URL('../../node_modules/.bin/pouchdb-server', import.meta.url));

/**
 * Starts one in-memory pouchdb-server for the whole run, so the CouchDB adapter is tested over real HTTP without a
 * CouchDB install. Test files reach it with `inject('couchUrl')` and use their own database names.
 */
export default async function setup(project: TestProject) {
  // pouchdb-server writes config.json and log.txt into its working directory: give it a throwaway one.
  const cwd = await mkdtemp(join(tmpdir(), 'golf-pouchdb-server-'));
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, '--in-memory', '--host', '127.0.0.1', '--port', String(port)], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(url, child, () => stderr);
  } catch (err) {
    await stop(child);
    await rm(cwd, { recursive: true, force: true });
    throw err;
  }
  project.provide('couchUrl', url);

  return async () => {
    await stop(child);
    await rm(cwd, { recursive: true, force: true });
  };
}

/** A port nobody listens on: bind port 0, read what the OS chose, release it. */
async function freePort(): Promise<number> {
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

async function waitUntilUp(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));
  for (;;) {
    if (exited) throw new Error(`pouchdb-server ${exited} before answering on ${url}\n${stderr()}`);
    try {
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`pouchdb-server did not answer GET ${url}/ within ${START_TIMEOUT_MS / 1000} s\n${stderr()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
