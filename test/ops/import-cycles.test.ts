/**
 * No import cycles in the code base (STYLE.md: "A cycle means a function is in the wrong room: move it down to the
 * module both use"). Reads every TypeScript file of `shared/`, `server/`, `sync/` and `web/`, follows its relative
 * imports and re-exports (type-only ones too: a type that both sides need belongs below both), and lists every
 * strongly connected group of files (Tarjan's algorithm).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FOLDERS = ['shared', 'server', 'sync', 'web'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The files a file imports (relative specifiers, `.js` written for `.ts`/`.tsx` as TypeScript's node16 resolution does). */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2]!;
    const base = resolve(dirname(file), spec);
    const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
    const target = candidates.find((c) => /\.tsx?$/.test(c) && existsSync(c));
    if (target) found.push(target);
  }
  return found;
}

/** Strongly connected components of more than one file (or a file importing itself). */
export function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => t !== f || true)]));
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group.sort());
    }
  };
  for (const f of files) if (!indexOf.has(f)) visit(f);
  return groups;
}

describe('import cycles', () => {
  it('finds a cycle when there is one (the detector itself)', () => {
    const dir = join(ROOT, 'test', 'ops', 'fixtures', 'cycle');
    const found = cycles(sources(dir)).map((g) => g.map((f) => relative(dir, f)));
    expect(found).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('has none in shared/, server/, sync/ and web/', () => {
    const files = FOLDERS.flatMap((f) => sources(join(ROOT, f)));
    expect(files.length).toBeGreaterThan(200);
    expect(cycles(files).map((g) => g.map((f) => relative(ROOT, f)))).toEqual([]);
  });
});
