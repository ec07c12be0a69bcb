/**
 * What web/build.ts leaves out of the browser bundles (issue 25): schema definitions nothing imports, zod's JSON
 * Schema converters, the schema kinds shared code never names (zod imported as a namespace), RxDB's multi-tab channel, and mingo (web/query-match matches RxDB's queries instead). Each is
 * checked on a real esbuild bundle: what is used still works, what is not used is gone.
 */
import { build, transform } from 'esbuild';
import { readdir, readFile, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importZodAsNamespace, markSchemaDefinitionsPure, WEB_ALIAS, WEB_OUT_DIR, WEB_PLUGINS } from '../../web/build.js';
import { Email } from '../../shared/schemas/common.js';
import { ScoreDoc } from '../../shared/schemas/round.js';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** Bundles `source` (resolved from the repo root) as web/build.ts bundles the apps, with or without its plugins. */
async function bundle(source: string, plugins = true): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    logLevel: 'error',
    alias: WEB_ALIAS,
    plugins: plugins ? WEB_PLUGINS : [],
  });
  return result.outputFiles[0]!.text;
}

/** Runs a bundle as a module and answers its exports. */
const run = (text: string) => import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`) as Promise<Record<string, unknown>>;

describe('the browser bundles', () => {
  const entry = [
    "import { SideGameKind } from './shared/schemas/games.ts';",
    "export const ok = SideGameKind.safeParse('skins').success;",
    "export const bad = SideGameKind.safeParse('bingo').success;",
    "export const toJson = () => SideGameKind.toJSONSchema();",
  ].join('\n');

  it('leave out the schemas nothing imports and zod\'s JSON Schema converters, and still parse', async () => {
    const trimmed = await bundle(entry);
    const whole = await bundle(entry, false);
    // A message of a schema of the same file (TeamcardParams) that the entry does not import.
    expect(whole).toContain('not a team scorecard id');
    expect(trimmed).not.toContain('not a team scorecard id');
    expect(whole).toContain('Non-representable type encountered');
    expect(trimmed).not.toContain('Non-representable type encountered');
    expect(trimmed.length).toBeLessThan(whole.length * 0.85);
    const mod = await run(trimmed);
    expect(mod.ok).toBe(true);
    expect(mod.bad).toBe(false);
    expect(() => (mod.toJson as () => unknown)()).toThrow(/JSON Schema is not built into the browser apps/);
  });

  it('keep only the zod schema kinds shared code names, and parse as the server\'s zod does', async () => {
    const entry = [
      "import { ScoreDoc } from './shared/schemas/round.ts';",
      "import { Email } from './shared/schemas/common.ts';",
      'export const parse = (doc, email) => [ScoreDoc.safeParse(doc), Email.safeParse(email)].map((r) => (r.success ? { data: r.data } : { issues: r.error.issues }));',
    ].join('\n');
    const trimmed = await bundle(entry);
    const whole = await bundle(entry, false);
    // Kinds nothing in these schemas uses: through the `z` object handed on as a value they all stayed in.
    for (const kind of ['ZodMap', 'ZodSet', 'ZodFile', 'ZodPromise', 'ZodFunction', 'ZodBigInt', 'ZodTemplateLiteral', 'ZodIBAN', 'ZodCreditCard', 'ZodCodec']) {
      expect(whole, kind).toContain(`"${kind}"`);
      expect(trimmed, kind).not.toContain(`"${kind}"`);
    }
    expect(trimmed.length).toBeLessThan(whole.length * 0.8);
    const parse = (await run(trimmed)).parse as (doc: unknown, email: unknown) => unknown;
    const entry0 = { strokes: 4, enteredBy: 'p1', deviceId: 'dev1', enteredAt: '2026-05-02T10:00:00.000Z' };
    const good = { _id: 'score:rnd001-plr001:3', type: 'score', createdAt: '2026-05-02T10:00:00.000Z', updatedAt: '2026-05-02T10:00:00.000Z', scorecardId: 'rnd001-plr001', roundId: 'rnd001', playerId: 'plr001', hole: 3, ...entry0 };
    const cases: [unknown, unknown][] = [
      [good, 'ann@example.com'],
      [{ ...good, hole: 19, strokes: 0, history: [{ ...entry0, strokes: 31 }] }, 'ann@'],
      [{ ...good, scorecardId: 'x', extra: 1, createdAt: 'yesterday' }, 'a'.repeat(250) + '@example.com'],
      [{ ...good, type: 'round', hole: 2.5 }, 7],
    ];
    for (const [doc, email] of cases) {
      const server = [ScoreDoc.safeParse(doc), Email.safeParse(email)].map((r) => (r.success ? { data: r.data } : { issues: r.error.issues }));
      expect(JSON.parse(JSON.stringify(parse(doc, email)))).toEqual(JSON.parse(JSON.stringify(server)));
    }
    expect((parse(good, 'ann@example.com') as { data?: unknown }[]).every((r) => r.data)).toBe(true);
  });

  it('rewrite only an exact value import of z from zod', () => {
    const text = ["import { z } from 'zod';", "import type { z as t } from 'zod';", '', 'export const A = z.string();'].join('\n');
    const lines = importZodAsNamespace(text).split('\n');
    expect(lines[0]).toMatch(/^import \* as z from ".*web[\\/]zod-web-external\.ts";$/);
    expect(lines.slice(1)).toEqual(text.split('\n').slice(1));
    expect(importZodAsNamespace("import { z, ZodError } from 'zod';")).toBe("import { z, ZodError } from 'zod';");
  });

  it('match and sort RxDB queries without mingo (web/query-match instead), and refuse any other part of mingo', async () => {
    const entry = [
      "import { getQueryMatcher, getSortComparator } from 'rxdb';",
      "const query = { selector: { holes: { $elemMatch: { $gte: 4 } }, name: { $regex: '^a', $options: 'i' } }, sort: [{ name: 'desc' }, { id: 'asc' }] };",
      "const docs = [{ id: '1', name: 'Ann', holes: [3, 4] }, { id: '2', name: 'al', holes: [3] }, { id: '3', name: 'Bo', holes: [5] }, { id: '4', name: ['Ann', 'Al'], holes: [9] }];",
      'export const matched = docs.filter(getQueryMatcher(undefined, query)).map((d) => d.id);',
      'export const sorted = docs.slice().sort(getSortComparator(undefined, query)).map((d) => d.id);',
    ].join('\n');
    const trimmed = await bundle(entry);
    const whole = await bundle(entry, false);
    // Error messages of mingo's query compiler.
    expect(whole).toContain('unknown top level operator');
    expect(trimmed).not.toContain('unknown top level operator');
    expect(trimmed).not.toContain('mingo: cycle detected');
    expect(whole.length - trimmed.length).toBeGreaterThan(15_000);
    const [ours, mingo] = [await run(trimmed), await run(whole)];
    expect(ours.matched).toEqual(['1', '4']);
    expect(mingo.matched).toEqual(['1', '4']);
    // A name that is a list sorts among the strings by mingo's rules: RxDB's comparator hands it to compare().
    expect(ours.sorted).toEqual(mingo.sorted);
    await expect(bundle("export { Query } from 'mingo/query';")).rejects.toThrow(/web\/query-match stands in for mingo/);
  });

  it('answer queries on RxDB\'s memory storage, the one under the phone\'s kept storage, through web/query-match', async () => {
    const entry = [
      "import { createRxDatabase } from 'rxdb';",
      "import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';",
      'export async function run() {',
      "  const db = await createRxDatabase({ name: 'q' + Math.random().toString(36).slice(2), storage: getRxStorageMemory(), multiInstance: false });",
      "  const properties = { id: { type: 'string', maxLength: 20 }, type: { type: 'string' }, hole: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } } };",
      "  const { docs } = await db.addCollections({ docs: { schema: { version: 0, primaryKey: 'id', type: 'object', properties, required: ['id'] } } });",
      "  await docs.bulkInsert([{ id: 'a', type: 'score', hole: 3, tags: ['x'] }, { id: 'b', type: 'score', hole: 1, tags: [] }, { id: 'c', type: 'round', hole: 2, tags: ['x', 'y'] }]);",
      "  const ids = async (query) => (await docs.find(query).exec()).map((d) => d.id);",
      "  const found = { scores: await ids({ selector: { type: 'score' }, sort: [{ hole: 'desc' }] }), tagged: await ids({ selector: { tags: { $elemMatch: { $eq: 'y' } } } }) };",
      '  await db.close();',
      '  return found;',
      '}',
    ].join('\n');
    const trimmed = await bundle(entry);
    expect(trimmed).not.toContain('unknown top level operator');
    expect(await ((await run(trimmed)).run as () => Promise<unknown>)()).toEqual({ scores: ['a', 'b'], tagged: ['c'] });
  });

  it('leave mingo out of the golfer\'s app as built (dist/web, by the test run\'s setup)', async () => {
    const meta = JSON.parse(await readFile(join(WEB_OUT_DIR, 'build-meta.json'), 'utf8')) as { portal: { inputs: Record<string, unknown> } };
    const inputs = Object.keys(meta.portal.inputs);
    expect(inputs.some((i) => i.includes('node_modules/rxdb/'))).toBe(true);
    expect(inputs.filter((i) => /[\\/]mingo[\\/]|rx-query-mingo/.test(i))).toEqual([]);
    expect(inputs.some((i) => i.includes('web/query-match/match.ts'))).toBe(true);
  });

  it('leave the zod schema kinds nothing names out of the golfer\'s app as built', async () => {
    const dir = join(await realpath(WEB_OUT_DIR), 'portal', 'assets');
    const js = (await Promise.all((await readdir(dir)).filter((f) => f.endsWith('.js')).map((f) => readFile(join(dir, f), 'utf8')))).join('\n');
    expect(js).toContain('"ZodObject"');
    for (const kind of ['ZodMap', 'ZodSet', 'ZodFile', 'ZodPromise', 'ZodFunction', 'ZodIBAN', 'ZodCodec']) expect(js, kind).not.toContain(`"${kind}"`);
  });

  it('fail loudly if anything asked RxDB for several tabs on one database', async () => {
    const mod = await run(await bundle("import { BroadcastChannel } from 'broadcast-channel';\nexport const open = () => new BroadcastChannel('trip');"));
    expect(() => (mod.open as () => unknown)()).toThrow(/multiInstance: false/);
  });
});

describe('marking schema definitions pure', () => {
  it('keeps every schema file valid TypeScript with the same lines', async () => {
    const dir = join(root, 'shared', 'schemas');
    let marks = 0;
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.ts'))) {
      const text = await readFile(join(dir, file), 'utf8');
      const marked = markSchemaDefinitionsPure(text);
      expect(marked.split('\n').length, file).toBe(text.split('\n').length);
      await expect(transform(marked, { loader: 'ts' }), file).resolves.toBeDefined();
      marks += marked.split('/* @__PURE__ */').length - 1;
    }
    expect(marks).toBeGreaterThan(300);
  });

  it('wraps a statement to its end and leaves what is not a definition alone', () => {
    const text = ["export const A = z.object({", "  a: z.string(),", "});", "const shape = { b: z.number() };", "let n = 1;", "export const B = z", "  .string()", "  .min(1); // why", ""].join('\n');
    const marked = markSchemaDefinitionsPure(text).split('\n');
    expect(marked[0]).toBe('export const A = /* @__PURE__ */ (() => (z.object({');
    expect(marked[2]).toBe('})))();');
    expect(marked[3]).toBe('const shape = /* @__PURE__ */ (() => ({ b: z.number() }))();');
    expect(marked[4]).toBe('let n = 1;');
    // A statement not ending in `;` (a trailing comment) is left as it is.
    expect(marked.slice(5, 8)).toEqual(['export const B = z', '  .string()', '  .min(1); // why']);
  });
});
