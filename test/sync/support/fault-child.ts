/**
 * The real server as a child process (`node --import tsx server/main.ts`, one process, so SIGKILL really kills the
 * server and nothing else), on a fixed loopback port and data directory so it can be killed and started again
 * where it was.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 30_000;

export interface ChildServer {
  url: string;
  pid: number;
  /** Output of the process so far (warnings and errors: LOG_LEVEL=warn). */
  output(): string;
  /** SIGKILL: no shutdown handler runs, nothing is flushed. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (clean shutdown), SIGKILL after 5 s. */
  stop(): Promise<void>;
}

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

export async function startChildServer(options: { port: number; dataDir: string; jwtSecret: string }): Promise<ChildServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      AUTH_JWT_SECRET: options.jwtSecret,
      PUBLIC_BASE_URL: url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilUp(url, child, () => output);
  } catch (err) {
    await signal(child, exited, 'SIGKILL');
    throw err;
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    kill: () => signal(child, exited, 'SIGKILL'),
    async stop() {
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await signal(child, exited, 'SIGTERM');
      clearTimeout(timer);
    },
  };
}

async function signal(child: ChildProcess, exited: Promise<void>, sig: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(sig);
  await exited;
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.signalCode ?? child.exitCode} before answering\n${output()}`);
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer ${url}/health within ${START_TIMEOUT_MS / 1000} s\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
