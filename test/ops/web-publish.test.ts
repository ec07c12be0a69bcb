/**
 * `npm run build:web` replaces the served folder atomically (web/build.ts `publish`): a server starting or serving
 * while another process builds never sees a half-written app or no app at all.
 */
import { mkdtemp, readdir, readFile, rm, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publish } from '../../web/build.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A finished build of this process, named as web/build.ts names them (`<served>.build-<pid>-<stamp>`). */
async function build(served: string, n: number): Promise<string> {
  const dir = `${served}.build-${process.pid}-${String(n).padStart(3, '0')}`;
  await mkdir(join(dir, 'portal'), { recursive: true });
  await writeFile(join(dir, 'portal', 'index.html'), `build ${n}`);
  return dir;
}

describe('publish', () => {
  it('swaps builds while a reader reads the page in a loop: it always finds a whole page, old or new', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'web-publish-'));
    dirs.push(parent);
    const served = join(parent, 'web');
    // The layout of older builds: a real folder at the served path, moved aside by the first publish.
    await mkdir(join(served, 'portal'), { recursive: true });
    await writeFile(join(served, 'portal', 'index.html'), 'build 0');
    await publish(await build(served, 1), served);
    expect(await readFile(join(served, 'portal', 'index.html'), 'utf8')).toBe('build 1');
    expect((await readdir(parent)).some((n) => n.startsWith('web.build-legacy-'))).toBe(true);

    let reading = true;
    const seen = new Set<string>();
    const failures: string[] = [];
    const reader = (async () => {
      while (reading) {
        try {
          seen.add(await readFile(join(served, 'portal', 'index.html'), 'utf8'));
        } catch (err) {
          failures.push(String(err));
        }
      }
    })();
    for (let n = 2; n <= 30; n++) await publish(await build(served, n), served);
    reading = false;
    await reader;
    expect(failures).toEqual([]);
    expect(seen.size).toBeGreaterThan(1);
    expect([...seen].every((s) => /^build \d+$/.test(s))).toBe(true);
    expect(await readFile(join(served, 'portal', 'index.html'), 'utf8')).toBe('build 30');
    // The newest build and the one before it stay (a page loaded from it can still fetch its assets).
    const left = (await readdir(parent)).filter((n) => n.startsWith('web.build-') && !n.startsWith('web.build-legacy'));
    expect(left.sort()).toEqual([`web.build-${process.pid}-029`, `web.build-${process.pid}-030`]);
  });

  it("leaves alone a build another running process is still writing", async () => {
    const parent = await mkdtemp(join(tmpdir(), 'web-publish-'));
    dirs.push(parent);
    const served = join(parent, 'web');
    const running = `${served}.build-${process.ppid}-abc`;
    await mkdir(running);
    await publish(await build(served, 1), served);
    await publish(await build(served, 2), served);
    await publish(await build(served, 3), served);
    expect((await readdir(parent)).sort()).toEqual(['web', `web.build-${process.pid}-002`, `web.build-${process.pid}-003`, `web.build-${process.ppid}-abc`].sort());
  });
});
