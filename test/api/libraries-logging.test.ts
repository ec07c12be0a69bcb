import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogger, type LogLevel } from '../../server/logger.js';
import { freePort, stopProcess, waitForHttp } from '../support/processes.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function captured(level: LogLevel) {
  const lines: string[] = [];
  return { logger: createLogger(level, (line) => lines.push(line)), lines };
}

describe('createLogger', () => {
  it('writes one JSON object per line: level by name, ISO time, msg and the fields', () => {
    const { logger, lines } = captured('info');
    logger.info('request', { requestId: 'r-1', status: 200, ms: 1.25 });
    logger.error('failed', { err: { name: 'Error', message: 'boom' } });
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).not.toContain('\n');
    const [first, second] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(first).toEqual({ level: 'info', time: expect.stringMatching(ISO), msg: 'request', requestId: 'r-1', status: 200, ms: 1.25 });
    expect(second).toEqual({ level: 'error', time: expect.stringMatching(ISO), msg: 'failed', err: { name: 'Error', message: 'boom' } });
  });

  it('drops lines below its level, and silent writes nothing', () => {
    const warn = captured('warn');
    warn.logger.debug('d');
    warn.logger.info('i');
    warn.logger.warn('w');
    warn.logger.error('e');
    expect(warn.lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['w', 'e']);
    const silent = captured('silent');
    silent.logger.error('e');
    expect(silent.lines).toEqual([]);
  });

  it('refuses an unknown level instead of guessing', () => {
    expect(() => createLogger('verbose' as LogLevel, () => undefined)).toThrow(/LOG_LEVEL must be one of debug, info, warn, error, silent/);
  });
});

describe('the server process log', () => {
  it('is JSON lines on stdout with a request line per request (request id kept), none lost when SIGTERM follows at once', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(join(tmpdir(), 'libraries-logging-'));
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, AUTH_JWT_SECRET: 'libraries-logging-secret-0123456789abcdef', PUBLIC_BASE_URL: url, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    try {
      await waitForHttp(`${url}/health`, { child, output: () => stdout + stderr });
      const ids = Array.from({ length: 300 }, (_, i) => `lib-log-${i}`);
      for (let i = 0; i < ids.length; i += 50) {
        await Promise.all(ids.slice(i, i + 50).map(async (id) => (await fetch(`${url}/health`, { headers: { 'x-request-id': id } })).arrayBuffer()));
      }
      await stopProcess(child);
      const lines = stdout.split('\n').filter((l) => l !== '');
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      for (const e of entries) {
        expect(e).toMatchObject({ level: expect.stringMatching(/^(debug|info|warn|error)$/), time: expect.stringMatching(ISO), msg: expect.any(String) });
      }
      const requests = entries.filter((e) => e.msg === 'request' && typeof e.requestId === 'string' && e.requestId.startsWith('lib-log-'));
      expect(requests.map((e) => e.requestId).sort()).toEqual([...ids].sort());
      expect(requests[0]).toEqual({ level: 'info', time: expect.stringMatching(ISO), msg: 'request', requestId: expect.any(String), method: 'GET', path: '/health', status: 200, ms: expect.any(Number) });
      expect(entries.some((e) => e.msg === 'listening')).toBe(true);
      expect(entries.at(-1)?.level).toBe('info');
    } finally {
      await stopProcess(child, 'SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
