/**
 * The server under load as its own process (`node --import tsx server/main.ts`, logs at warn, rate limits off since
 * the load logs in hundreds of times), started from this checkout or from another one (`LOAD_BASELINE=<dir>`: a
 * worktree of an earlier commit, to compare before and after in one session). Optionally CPU-profiled
 * (`LOAD_CPU_PROF=<dir>`: `--cpu-prof`, written when the server exits on SIGTERM); `LOAD_SERVER_LOG=<file>` keeps its output.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, stopProcess, waitForHttp } from '../test/support/processes.js';
import { cpuMsOf } from './proc-stats.js';

export const HERE = fileURLToPath(new URL('../', import.meta.url));

export interface LoadServer {
  url: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: nothing is flushed, no shutdown handler runs. */
  kill(): Promise<void>;
  /** CPU time (user + system, ms) the process has used so far (Linux /proc; NaN elsewhere). */
  cpuMs(): Promise<number>;
}

/** `startTimeoutMs`: how long `/health` may take to answer (default 60 s; the server sweeps before it listens, main.ts). */
export async function startLoadServer(options: { root: string; dataDir: string; jwtSecret: string; cpuProfDir?: string; env?: Record<string, string>; startTimeoutMs?: number }): Promise<LoadServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const prof = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
  const child = spawn(process.execPath, [...prof, ...(await heapFlags(options.root)), '--import', 'tsx', 'server/main.ts'], {
    cwd: options.root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      AUTH_JWT_SECRET: options.jwtSecret,
      PUBLIC_BASE_URL: url,
      LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'warn',
      RATE_LIMITS: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // LOAD_SERVER_LOG=<file>: the server's output also goes there as it comes (timing logs while looking for where time goes).
  if (process.env.LOAD_SERVER_LOG) {
    const log = createWriteStream(process.env.LOAD_SERVER_LOG, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  try {
    await waitForHttp(`${url}/health`, { child, output: () => output, timeoutMs: options.startTimeoutMs ?? 60_000 });
  } catch (err) {
    await stopProcess(child, 'SIGKILL');
    throw err;
  }
  return { url, pid: child.pid!, output: () => output, stop: () => stopProcess(child), kill: () => stopProcess(child, 'SIGKILL'), cpuMs: () => cpuMsOf(child.pid!) };
}

/**
 * The heap limit that checkout's `npm start` gives its server (`package.json` `config.heapMb`), so a bench runs each
 * checkout as it runs in production; none for a checkout without one (before issue 36's), which ran on Node's own.
 */
async function heapFlags(root: string): Promise<string[]> {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { config?: { heapMb?: string } };
  return pkg.config?.heapMb ? [`--max-old-space-size=${pkg.config.heapMb}`] : [];
}
