/**
 * The browser apps' own query matcher and sort comparator (web/query-match, in place of mingo since issue 25) answer
 * as mingo does, the way RxDB sets mingo up: real mingo from node_modules and ours side by side on generated
 * documents and selectors (seeded: a failure prints the seed, `QUERY_MATCH_SEED=<seed>` replays it) and on
 * hand-written cases, for matching and for sort order.
 */
import { readFile } from 'node:fs/promises';
import { Context } from 'mingo/core';
import { Query } from 'mingo/query';
import * as ops from 'mingo/operators/query';
import { compare as mingoCompare } from 'mingo/util';
import { describe, expect, it } from 'vitest';
import { compare } from '../../web/query-match/compare.js';
import { compileSelector } from '../../web/query-match/match.js';
import { EDGE_CASES, makeCorpus, randomSelector, randomValue, rng } from './query-match-corpus.js';

/** The operators RxDB registers (node_modules/rxdb/dist/esm/rx-query-mingo.js), read from its source. */
async function rxdbOperators(): Promise<string[]> {
  const source = await readFile(new URL('../../node_modules/rxdb/dist/esm/rx-query-mingo.js', import.meta.url), 'utf8');
  const list = /import \{([^}]*)\} from 'mingo\/operators\/query'/.exec(source);
  if (!list) throw new Error('rx-query-mingo.js no longer imports its operators as expected: look at how RxDB sets mingo up');
  return list[1]!.split(',').map((s) => s.trim()).filter(Boolean);
}

const RXDB_OPERATORS = await rxdbOperators();
const context = Context.init({ query: Object.fromEntries(RXDB_OPERATORS.map((name) => [name, (ops as Record<string, unknown>)[name]])) as never });

/** A selector's answer for each document, or the error if it throws (when compiled or on that document). */
function answers(compile: () => (doc: unknown) => boolean, docs: unknown[]): (boolean | string)[] {
  let test: (doc: unknown) => boolean;
  try {
    test = compile();
  } catch (e) {
    return docs.map(() => `throws: ${(e as Error).message}`);
  }
  return docs.map((d) => {
    try {
      return test(d);
    } catch (e) {
      return `throws: ${(e as Error).message}`;
    }
  });
}
const mingoAnswers = (selector: unknown, docs: unknown[]) =>
  answers(() => {
    const q = new Query(selector as never, { context });
    return (d) => q.test(d as never);
  }, docs);
const ourAnswers = (selector: unknown, docs: unknown[]) => answers(() => compileSelector(selector), docs);

const show = (v: unknown) => JSON.stringify(v, (_, x) => (x === undefined ? '<undefined>' : x instanceof RegExp ? String(x) : x));
const sign = (n: number) => Math.sign(n) || 0;

const SEED = Number(process.env.QUERY_MATCH_SEED ?? Math.floor(Math.random() * 2 ** 31));

describe('the browser apps\' query matcher (web/query-match) against mingo', () => {
  it('knows every operator RxDB registers in mingo', () => {
    expect(RXDB_OPERATORS.length).toBe(18);
    for (const op of RXDB_OPERATORS) {
      const arg = { $in: [1], $nin: [1], $mod: [2, 0], $size: 1, $type: 'number', $elemMatch: { $gt: 1 }, $exists: true, $regex: 'x', $not: { $eq: 1 } }[op] ?? 1;
      const selector = op === '$and' || op === '$or' || op === '$nor' ? { [op]: [{ a: 1 }] } : { a: { [op]: arg } };
      expect(() => compileSelector(selector), op).not.toThrow();
    }
  });

  it(`matches as mingo does on generated documents and selectors (seed ${SEED})`, () => {
    const random = rng(SEED);
    const docs = makeCorpus(random, 300);
    let matched = 0;
    for (let n = 0; n < 3000; n++) {
      const selector = randomSelector(random, 0);
      const theirs = mingoAnswers(selector, docs);
      const ours = ourAnswers(selector, docs);
      for (let i = 0; i < docs.length; i++) {
        if (ours[i] !== theirs[i]) {
          expect.fail(`seed ${SEED} (QUERY_MATCH_SEED=${SEED} replays it), selector #${n} ${show(selector)} on ${show(docs[i])}: mingo ${theirs[i]}, ours ${ours[i]}`);
        }
        if (ours[i] === true) matched++;
      }
    }
    // The corpus is worth something only if selectors match some documents and not others.
    expect(matched).toBeGreaterThan(3000 * 300 * 0.05);
    expect(matched).toBeLessThan(3000 * 300 * 0.95);
  });

  it('matches as mingo does on hand-written cases, and as MongoDB means them', () => {
    for (const { selector, docs, expected } of EDGE_CASES) {
      const theirs = mingoAnswers(selector, docs);
      expect(ourAnswers(selector, docs), `${show(selector)} on ${show(docs)}`).toEqual(theirs);
      expect(theirs, `${show(selector)} on ${show(docs)}: the case's expected answers`).toEqual(expected);
    }
  });

  it(`orders values as mingo's compare does (seed ${SEED})`, () => {
    const random = rng(SEED + 1);
    const values: unknown[] = [];
    for (let i = 0; i < 400; i++) values.push(randomValue(random, 0, true));
    values.push(undefined, null, 0, -0, -1, 1.5, '', 'a', 'B', true, false, [], {}, [[]], [undefined], [1, undefined], { a: undefined }, new Date(0), new Date(1), /a/, /a/i, /b/);
    for (const a of values) {
      for (const b of values) {
        const theirs = sign(mingoCompare(a, b));
        const ours = sign(compare(a, b));
        if (ours !== theirs) expect.fail(`seed ${SEED}: compare(${show(a)}, ${show(b)}): mingo ${theirs}, ours ${ours}`);
      }
    }
    // The same order when sorting, RxDB's use of it.
    expect(values.slice().sort(compare).map(show)).toEqual(values.slice().sort(mingoCompare).map(show));
  });

  it('throws a clear error for what it does not know, instead of matching wrongly', () => {
    const refused: [unknown, RegExp][] = [
      [{ a: { $where: 'true' } }, /operator \$where/],
      [{ $where: 'true' }, /top-level operator \$where/],
      [{ $expr: { $eq: ['$a', 1] } }, /top-level operator \$expr/],
      [{ a: { $all: [1] } }, /operator \$all/],
      [{ a: { $and: [{ a: 1 }] } }, /operator \$and/],
      [{ a: { $options: 'i' } }, /operator \$options/],
      [{ a: { $in: 1 } }, /\$in and \$nin take a list/],
      [{ a: { $nin: 'abc' } }, /\$in and \$nin take a list/],
      [{ a: { $mod: [2] } }, /\$mod takes \[divisor, remainder\]/],
      [{ a: { $size: '2' } }, /\$size takes a number/],
      [{ a: { $type: 'strin' } }, /unknown \$type/],
      [{ a: { $type: 'constructor' } }, /unknown \$type/],
      [{ a: { $elemMatch: 5 } }, /\$elemMatch takes an object/],
      [{ a: /x/g }, /g or y flag/],
      [{ a: { $regex: 'x', $options: 'g' } }, /g or y flag/],
      [{ a: { $in: [/x/y] } }, /g or y flag/],
      [{ 'a..b': 1 }, /empty part/],
      [{ '__proto__.x': 1 }, /__proto__/],
      [{ $or: { a: 1 } }, /\$or takes a list/],
      [[{ a: 1 }], /a selector is an object/],
    ];
    for (const [selector, message] of refused) expect(() => compileSelector(selector), show(selector)).toThrow(message);
  });

  it('reads only a document\'s own fields (where mingo would see Object.prototype\'s)', () => {
    // mingo reads `toString` or `constructor` off any object; a golfer's document has no such field unless it says so.
    expect(compileSelector({ constructor: { $exists: false } })({ a: 1 })).toBe(true);
    expect(compileSelector({ toString: { $exists: true } })({ a: 1 })).toBe(false);
    expect(compileSelector({ toString: 'x' })({ toString: 'x' })).toBe(true);
  });
});
