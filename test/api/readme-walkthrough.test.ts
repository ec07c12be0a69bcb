import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The README's walkthrough is run as written (bash, curl, node) against the real server, and prints what the
 * README says it prints: a newcomer who copies it gets a leaderboard and a settlement.
 */

const run = promisify(execFile);

async function section(heading: string): Promise<{ script: string; printed: string[] }> {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf(heading);
  expect(start, `README has "${heading}"`).toBeGreaterThan(-1);
  const rest = readme.slice(start);
  const script = /```sh\n([\s\S]*?)```/.exec(rest)?.[1];
  const printed = /```text\n([\s\S]*?)```/.exec(rest)?.[1];
  if (!script || !printed) throw new Error('the walkthrough needs a sh block and a text block of what it prints');
  return { script, printed: printed.trim().split('\n') };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('README walkthrough', () => {
  it('runs as written and prints the leaderboard and the settlement the README shows', async () => {
    const { script, printed } = await section('### Walkthrough: from nothing to a leaderboard and a settlement');
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { env: { ...process.env, BASE: server.url }, timeout: 60_000 });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(printed.length);
    // The board's places in order; tied players (and the transfers) in any order.
    const board = (all: string[]) => all.filter((l) => /^T?\d+ /.test(l)).map((l) => l.split(' ')[0]);
    expect(board(lines)).toEqual(board(printed));
    expect(board(lines)).toHaveLength(4);
    expect([...lines].sort()).toEqual([...printed].sort());
  });
});
