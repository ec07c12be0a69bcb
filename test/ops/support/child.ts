/**
 * The server as a real child process for the operations tests: started the way an operator starts it (`npm start`,
 * `node dist/server/main.js`, `node --import tsx server/main.ts`), its output kept, its exit awaited, and every
 * process it started found (to check none outlives it, and to clean up after a failed test).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { waitForHttp } from '../../support/processes.js';

export interface Child {
  process: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (or the signal) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawns `command args` and waits until `GET /health` answers 200 on `port`. */
export async function startChild(command: string, args: string[], options: { cwd: string; port: number; env: Record<string, string | undefined>; timeoutMs?: number }): Promise<Child> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHttp(`${url}/health`, { child, output: () => output, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  } catch (err) {
    killTree(child.pid!);
    throw err;
  }
  return { process: child, url, output: () => output, exited };
}

/** The environment of a server child: this process's, without what would change how the server is started. */
export function serverEnv(extra: Record<string, string>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of ['NODE_OPTIONS', 'WEB_DIR', 'PORT', 'HOST', 'DATA_DIR', 'COUCHDB_URL', 'PUBLIC_BASE_URL']) delete env[key];
  return { ...env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extra };
}

/** Every live descendant of `pid` (children, grandchildren, …), from `ps`. */
export function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of table) {
      if (ppid === parent && !found.includes(child)) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILL to `pid` and the descendants it has now: cleanup after a test, so nothing it started runs on. */
export function killTree(pid: number, known: number[] = []): void {
  for (const p of [...new Set([...descendants(pid), ...known]), pid]) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/** Polls until `check` holds or `timeoutMs` passes; answers whether it held. */
export async function within(timeoutMs: number, check: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether a new TCP connection to `url` is answered (`GET /health` on a fresh connection, no keep-alive pool). */
export function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(`${url}/health`, { agent: false, timeout: 2_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(true));
      res.on('error', () => resolve(false));
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}
