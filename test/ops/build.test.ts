/**
 * The production build: `npm run build` compiles the server into `dist/` (beside the browser apps in `dist/web`),
 * and `node dist/server/main.js` (the container's command) runs it from a directory holding only the build and the
 * production dependencies, as `npm ci --omit=dev` installs them, without the TypeScript tools (tsx, esbuild).
 *
 * Both steps follow the Dockerfile (the sources its build stage copies, the command of its final stage), in scratch
 * directories, so the repository's own `dist/` is left alone. About half a minute: the build is a full `tsc` emit.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/processes.js';
import { killTree, serverEnv, startChild, type Child } from './support/child.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Build-time tools, listed among the dependencies for `npm start`; the compiled server must not need them. */
const BUILD_TOOLS = ['node_modules/tsx', 'node_modules/esbuild'];

let scratch: string;
let running: Child | undefined;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'golf-ops-build-'));
});
afterEach(() => {
  if (running && running.process.exitCode === null && running.process.signalCode === null) killTree(running.process.pid!);
  running = undefined;
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const exists = (path: string) => stat(path).then(
  () => true,
  () => false,
);

/** The packages `npm ci --omit=dev` installs: the lockfile's top-level entries not flagged dev (optional ones for other platforms are absent). */
async function productionPackages(): Promise<string[]> {
  const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  const paths = Object.entries(lock.packages)
    .filter(([path, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) && !entry.dev && !BUILD_TOOLS.includes(path))
    .map(([path]) => path);
  const present = await Promise.all(paths.map((p) => exists(join(ROOT, p))));
  return paths.filter((_, i) => present[i]);
}

/** The Dockerfile's build-stage sources (its `COPY` lines) and the final stage's `CMD`. */
async function dockerfile(): Promise<{ sources: string[]; command: string[] }> {
  const text = await readFile(join(ROOT, 'Dockerfile'), 'utf8');
  const stages = text.split(/^FROM /m).slice(1);
  const build = stages.find((stage) => /^\S+ AS build\s/.test(stage));
  const final = stages.at(-1);
  const cmd = final && /^CMD (\[.*\])\s*$/m.exec(final);
  if (!build || !cmd) throw new Error('the Dockerfile has no build stage or no CMD in its final stage');
  const sources = [...build.matchAll(/^COPY (?!--)(.+)$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/).slice(0, -1));
  return { sources, command: JSON.parse(cmd[1]!) as string[] };
}

describe('npm run build', () => {
  it('compiles the server, which node dist/server/main.js runs with production dependencies only', { timeout: 300_000 }, async () => {
    const { sources, command } = await dockerfile();
    expect(sources).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'tsconfig.build.json', 'server']));
    expect([command[0], command.at(-1)]).toEqual(['node', 'dist/server/main.js']);
    // Build where the sources are, with every dependency (as the image's build stage does after `npm ci`).
    const build = join(scratch, 'build');
    await mkdir(build);
    for (const source of sources) await cp(join(ROOT, source), join(build, source), { recursive: true });
    await symlink(join(ROOT, 'node_modules'), join(build, 'node_modules'), 'dir');
    const env = serverEnv({});
    await promisify(execFile)('npm', ['run', 'build'], { cwd: build, env: env as NodeJS.ProcessEnv, maxBuffer: 16 * 1024 * 1024 });
    for (const file of ['dist/server/main.js', 'dist/couchdb/design/trip.json', 'dist/couchdb/design/registry.json', 'dist/web/portal/index.html']) {
      expect(await exists(join(build, file)), file).toBe(true);
    }

    // Run where only the build and the production dependencies are (the image's final stage).
    const app = join(scratch, 'app');
    await mkdir(join(app, 'node_modules'), { recursive: true });
    for (const file of ['package.json', 'package-lock.json', 'dist']) await cp(join(build, file), join(app, file), { recursive: true });
    for (const pkg of await productionPackages()) await cp(join(ROOT, pkg), join(app, pkg), { recursive: true, verbatimSymlinks: true });
    for (const tool of BUILD_TOOLS) expect(await exists(join(app, tool)), tool).toBe(false);

    const port = await freePort();
    // The image's command, with this node.
    running = await startChild(process.execPath, command.slice(1), {
      cwd: app,
      port,
      env: serverEnv({ NODE_ENV: 'production', PORT: String(port), DATA_DIR: join(scratch, 'data'), AUTH_JWT_SECRET: 'ops-build-secret-0123456789abcdef' }),
      timeoutMs: 60_000,
    });
    const health = await fetch(`${running.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', store: { kind: 'pouchdb', ok: true } });
    // The browser apps from dist/web (the default beside the compiled server) and the API description.
    const portal = await fetch(`${running.url}/portal/`);
    expect([portal.status, portal.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
    expect((await fetch(`${running.url}/openapi.json`)).status).toBe(200);
    const registered = await fetch(`${running.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops.build@example.com', password: 'correct horse battery', name: 'Ops' }),
    });
    expect(registered.status).toBe(201);

    running.process.kill('SIGTERM');
    expect(await running.exited).toEqual({ code: 0, signal: null });
  });
});
