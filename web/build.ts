/**
 * Builds the browser apps into `dist/web` (git-ignored): the organizer's dashboard (`/`), the golfer's portal
 * (`/portal`) and the TV display (`/display/…`). Run by `npm start` and `npm test` before anything else
 * (`npm run build:web`).
 *
 * - Scripts and styles are bundled by esbuild and named by content hash (`assets/main-3F2A….js`): the server caches
 *   them immutably. `index.html`, the manifest and the service worker keep fixed names and are never cached long.
 * - The service worker is built last, with the list of everything it must precache and a version derived from it,
 *   so a new build installs a new worker and drops the old caches.
 * - Bundles also get precompressed `.br` and `.gz` copies, which the server sends to browsers that accept them.
 * - `build-meta.json` records every output and which input bytes went into it (for `npm run bench:portal`).
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { appIcons } from './icons.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_OUT_DIR = resolve(process.env.WEB_DIR ?? join(root, 'dist', 'web'));

interface AppBuild {
  /** Files of the app, as URL paths, for the precache list. */
  urls: string[];
  metafile: Metafile;
}

/**
 * Leaves out of the browser bundles what zod keeps only for JSON Schema: zod's classic schemas import the converters
 * of every schema kind (`toJSONSchema`), which the apps never call. They get `web/zod-web-json-schema.ts` instead.
 */
const zodWithoutJsonSchema: Plugin = {
  name: 'zod-without-json-schema',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/core\/(json-schema-processors|to-json-schema)\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(args.importer) ? { path: join(root, 'web', 'zod-web-json-schema.ts') } : undefined,
    );
  },
};

/**
 * A schema an app never uses stays out of its bundle. `shared/schemas` defines each schema at the top level
 * (`export const Trip = z.strictObject({…})`, or a shape object holding `z.…` calls), code a bundler must keep, since
 * it cannot know that building a schema does nothing else. Here each top-level `const` is wrapped into a function
 * call marked free of side effects, `/* @__PURE__ *\/ (() => (…))()`, so esbuild drops the ones nothing imports: the
 * portal keeps about 8 KB of the 42 KB. The files are prettier-formatted: a statement runs from its `const` line to
 * the line ending in `;` before the next line that starts a statement; anything else is left as it is.
 */
export function markSchemaDefinitionsPure(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = /^((?:export )?const [\w$]+(?:: [^=]+)? = )(.*)$/.exec(lines[i]!);
    if (!head) {
      out.push(lines[i]!);
      continue;
    }
    let j = i;
    while (j + 1 < lines.length && /^[\s})\]]/.test(lines[j + 1]!) && lines[j + 1]!.trim() !== '') j++;
    const body = [head[2]!, ...lines.slice(i + 1, j + 1)].join('\n');
    if (!body.trimEnd().endsWith(';')) {
      out.push(...lines.slice(i, j + 1));
    } else {
      // The body keeps its line breaks: positions in error messages stay right.
      out.push(`${head[1]}/* @__PURE__ */ (() => (${body.trimEnd().slice(0, -1)}))();`);
    }
    i = j;
  }
  return out.join('\n');
}

/**
 * `import { z } from 'zod'` made a namespace import of zod's API (web/zod-web-external.ts). zod's `z` is an object
 * that holds every schema kind, and an object handed on as a value keeps all it holds: a bundle that only calls
 * `z.string()` kept every kind (maps, sets, files, promises, functions, IBANs, JWTs…) and their checks. Through a
 * namespace import, esbuild keeps only the members the code names (`z.string`, `z.object`…). The same code runs:
 * `z.x` is the same function either way. Only an exact `import { z } from 'zod';` line is rewritten.
 */
export function importZodAsNamespace(text: string): string {
  return text.replace(/^import \{ z \} from 'zod';$/m, `import * as z from ${JSON.stringify(join(root, 'web', 'zod-web-external.ts'))};`);
}

const pureSchemaDefinitions: Plugin = {
  name: 'pure-schema-definitions',
  setup(b) {
    b.onLoad({ filter: /[\\/]shared[\\/].+\.ts$/ }, async (args) => {
      if (!args.path.startsWith(join(root, 'shared'))) return undefined;
      const text = importZodAsNamespace(await readFile(args.path, 'utf8'));
      return { contents: /[\\/]shared[\\/]schemas[\\/][^\\/]+\.ts$/.test(args.path) ? markSchemaDefinitionsPure(text) : text, loader: 'ts' };
    });
  },
};

/**
 * RxDB's query matcher and sort comparator come from `web/query-match` instead of mingo (about 24 KB minified, the
 * same answers: test/web/query-match.test.ts). Any other import of mingo fails the build rather than bringing it back.
 */
const ownQueryMatcher: Plugin = {
  name: 'own-query-matcher',
  setup(b) {
    b.onResolve({ filter: /[\\/]rx-query-mingo\.js$/ }, (args) => (/[\\/]rxdb[\\/]/.test(args.importer) ? { path: join(root, 'web', 'query-match', 'match.ts') } : undefined));
    b.onResolve({ filter: /^mingo(\/|$)/ }, (args) =>
      args.path === 'mingo/util'
        ? { path: join(root, 'web', 'query-match', 'compare.ts') }
        : { errors: [{ text: `${args.path} (imported by ${relative(root, args.importer)}) is left out of the browser apps: web/query-match stands in for mingo (web/build.ts)` }] },
    );
  },
};

/** What every browser bundle takes instead of a package; exported with the plugins for test/web/bundle-trim.test.ts. */
export const WEB_ALIAS = { zod: join(root, 'web', 'zod-web.ts'), 'broadcast-channel': join(root, 'web', 'broadcast-channel-absent.ts') };
export const WEB_PLUGINS: Plugin[] = [zodWithoutJsonSchema, pureSchemaDefinitions, ownQueryMatcher];

const common = {
  bundle: true,
  format: 'esm' as const,
  target: ['chrome109', 'safari16', 'firefox115'],
  minify: process.env.WEB_MINIFY !== '0',
  sourcemap: 'linked' as const,
  jsx: 'automatic' as const,
  jsxImportSource: 'preact',
  legalComments: 'none' as const,
  metafile: true,
  logLevel: 'warning' as const,
  define: { 'process.env.NODE_ENV': '"production"' },
  // zod without its locales (web/zod-web.ts) and JSON Schema converters; RxDB without its multi-tab channel
  // (web/broadcast-channel-absent.ts); shared schemas nothing imports left out; RxDB's query matcher our own
  // (web/query-match) instead of mingo.
  alias: WEB_ALIAS,
  plugins: WEB_PLUGINS,
  // Packages' ES2015 builds where they have one (RxJS): the browsers targeted run classes natively, and the ES5 build
  // carries tslib's helpers and longer code.
  conditions: ['es2015'],
};

type AppName = 'portal' | 'display' | 'dashboard';

/**
 * The chunks `main` imports statically (transitively): what the first visit loads anyway. The dashboard preloads
 * only these, so its lazily loaded screens stay out of the first visit.
 */
function staticChunks(metafile: Metafile, main: string): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    for (const i of metafile.outputs[file]?.imports ?? []) {
      if (i.kind !== 'import-statement' || seen.has(i.path)) continue;
      seen.add(i.path);
      walk(i.path);
    }
  };
  walk(main);
  return [...seen];
}

/**
 * One app: bundles `entry` into `<out>/assets`, writes its index.html from the template. `preload` says which
 * chunks the page names as `modulepreload`: all of them (the offline apps, which keep every chunk anyway) or only
 * those the entry imports statically (the dashboard, whose screens load when opened).
 */
async function buildApp(dir: string, name: AppName, entry: string, preload: 'all' | 'static' = 'all'): Promise<AppBuild> {
  const outdir = join(dir, name, 'assets');
  const result = await build({
    ...common,
    entryPoints: { main: join(root, 'web', name, entry) },
    outdir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    splitting: true,
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
    publicPath: `/${name}/assets`,
  });
  const metafile = result.metafile!;
  const outputs = Object.keys(metafile.outputs).map((f) => resolve(root, f));
  const urls = outputs.filter((f) => !f.endsWith('.map')).map((f) => `/${name}/${relative(join(dir, name), f).split('\\').join('/')}`);
  const script = urls.find((u) => /\/main-[^/]+\.js$/.test(u));
  const style = urls.find((u) => /\/main-[^/]+\.css$/.test(u));
  if (!script) throw new Error(`${name}: esbuild produced no main script`);
  const template = await readFile(join(root, 'web', name, 'index.html'), 'utf8');
  const toUrl = (f: string) => `/${name}/${relative(join(dir, name), resolve(root, f)).split('\\').join('/')}`;
  const mainOutput = Object.keys(metafile.outputs).find((f) => toUrl(f) === script)!;
  const preloaded = preload === 'all' ? urls.filter((u) => u.endsWith('.js') && u !== script) : staticChunks(metafile, mainOutput).map(toUrl);
  const html = template
    .replace('<!--STYLE-->', style ? `<link rel="stylesheet" href="${style}">` : '')
    .replace('<!--SCRIPT-->', `<script type="module" src="${script}"></script>`)
    .replace(/<!--PRELOAD-->/, preloaded.map((u) => `<link rel="modulepreload" href="${u}">`).join(''));
  await writeFile(join(dir, name, 'index.html'), html);
  // Compressed once here, not per request: the server sends the .br or .gz copy to a browser that takes it.
  for (const file of outputs.filter((f) => /\.(js|css)$/.test(f))) await precompress(file);
  return { urls, metafile };
}

/** Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside `file`. */
async function precompress(file: string): Promise<void> {
  const bytes = new Uint8Array(await readFile(file));
  // Copied into plain Uint8Arrays: the test project's types see Node's Buffer and the DOM's Uint8Array apart.
  await writeFile(`${file}.br`, new Uint8Array(brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })));
  await writeFile(`${file}.gz`, new Uint8Array(gzipSync(bytes, { level: 9 })));
}

/** Builds `web/sw.ts` for one app, with its precache list and a version derived from it and from the page. */
async function buildWorker(dir: string, app: 'portal' | 'display', shell: string, precache: string[]): Promise<string> {
  const page = await readFile(join(dir, app, 'index.html'), 'utf8');
  const version = createHash('sha256').update(JSON.stringify(precache)).update(page).digest('hex').slice(0, 16);
  const sw = await build({
    ...common,
    splitting: false,
    sourcemap: false,
    metafile: false,
    entryPoints: [join(root, 'web', 'sw.ts')],
    outfile: join(dir, app, 'sw.js'),
    format: 'iife',
    define: { ...common.define, __APP__: JSON.stringify(app), __SHELL__: JSON.stringify(shell), __PRECACHE__: JSON.stringify(precache), __VERSION__: JSON.stringify(version) },
  });
  if (sw.errors.length) throw new Error(`${app} service worker build failed`);
  return version;
}

export async function buildWeb(): Promise<{ outDir: string; version: string; ms: number }> {
  const started = performance.now();
  // Built beside the served folder, then swapped in at once (publish): a server starting or serving meanwhile never
  // sees a half-written app.
  const dir = `${WEB_OUT_DIR}.build-${process.pid}-${Date.now().toString(36)}`;
  await mkdir(join(dir, 'portal', 'icons'), { recursive: true });

  const [portal, display, dashboard] = await Promise.all([buildApp(dir, 'portal', 'main.tsx'), buildApp(dir, 'display', 'main.tsx'), buildApp(dir, 'dashboard', 'main.tsx', 'static')]);

  const icons = appIcons();
  for (const icon of icons) await writeFile(join(dir, 'portal', 'icons', icon.file), icon.png);
  const manifest = {
    name: 'Golf trip',
    short_name: 'Golf trip',
    description: 'Scores, leaderboards, money and plans of your golf trip — works with no signal on the course.',
    id: '/portal/',
    start_url: '/portal/',
    scope: '/portal',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#0f3d2e',
    theme_color: '#0f3d2e',
    icons: icons.map((i) => ({ src: `/portal/icons/${i.file}`, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })),
  };
  await writeFile(join(dir, 'portal', 'manifest.webmanifest'), JSON.stringify(manifest, null, 2));

  // The shell each worker keeps: the page (under the URL its worker answers navigations with), every bundle; the
  // portal's also the manifest and icons.
  const portalPrecache = ['/portal/', '/portal/manifest.webmanifest', ...icons.map((i) => `/portal/icons/${i.file}`), ...portal.urls];
  const version = await buildWorker(dir, 'portal', '/portal/', portalPrecache);
  await buildWorker(dir, 'display', '/display/index.html', ['/display/index.html', ...display.urls]);

  await writeFile(
    join(dir, 'build-meta.json'),
    JSON.stringify({ version, builtAt: new Date().toISOString(), portal: portal.metafile, display: display.metafile, dashboard: dashboard.metafile }, null, 1),
  );
  await publish(dir, WEB_OUT_DIR);
  return { outDir: WEB_OUT_DIR, version, ms: Math.round(performance.now() - started) };
}

/**
 * Makes `built` the served folder in one step: `served` is a symbolic link to the newest build, replaced by
 * `rename(2)` (atomic on one file system), so a reader sees the old build or the new one, never a mix or nothing.
 * A folder left at `served` by an older build is moved aside first (once). The build before the new one stays, so a
 * page loaded from it can still fetch its assets; older ones are removed.
 */
export async function publish(built: string, served: string): Promise<void> {
  let previous = await readlink(served).catch(() => null);
  if (previous === null && (await lstat(served).catch(() => null))?.isDirectory()) {
    previous = `${basename(served)}.build-legacy-${Date.now().toString(36)}`;
    await rename(served, join(dirname(served), previous));
  }
  const link = `${served}.link-${process.pid}`;
  await rm(link, { force: true });
  await symlink(basename(built), link);
  await rename(link, served);
  const keep = new Set([basename(built), previous ? basename(previous) : '']);
  const prefix = `${basename(served)}.build-`;
  for (const name of await readdir(dirname(served))) {
    if (!name.startsWith(prefix) || keep.has(name)) continue;
    // A build of another process that is still running (`<served>.build-<pid>-…`) is left alone.
    const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && alive(pid)) continue;
    await rm(join(dirname(served), name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildWeb().then(
    ({ outDir, version, ms }) => console.log(`web apps built into ${relative(process.cwd(), outDir) || '.'} (version ${version}) in ${ms} ms`),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
