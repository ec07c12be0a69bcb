/**
 * The real server as a child process (`node --import tsx server/main.ts`, one process, so SIGKILL really kills the
 * server and nothing else), on a fixed loopback port and data directory so it can be killed and started again
 * where it was.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stopProcess, waitForHttp } from '../../support/processes.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

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

/** `env` adds variables, e.g. a test-only fault point of server/main.ts. */
export async function startChildServer(options: { port: number; dataDir: string; jwtSecret: string; env?: Record<string, string> }): Promise<ChildServer> {
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
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  try {
    await waitForHttp(`${url}/health`, { child, output: () => output });
  } catch (err) {
    await stopProcess(child, 'SIGKILL');
    throw err;
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    kill: () => stopProcess(child, 'SIGKILL'),
    stop: () => stopProcess(child),
  };
}
