/**
 * Documents, selectors and values for test/web/query-match.test.ts: seeded random ones, shaped like what the
 * matcher meets in the hard cases (nested arrays and objects, missing and null fields, mixed kinds), and hand-written
 * cases with the answers MongoDB gives.
 */
import { createRng } from '../../shared/domain/scheduling/random.js';

/** The project's seeded generator (mulberry32, shared/domain/scheduling/random.ts): the same seed gives the same corpus. */
export const rng = (seed: number): (() => number) => createRng(seed).next;

type Random = () => number;
const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const count = (r: Random, max: number) => Math.floor(r() * (max + 1));

const KEYS = ['a', 'b', 'c', '0'] as const;
const STRINGS = ['', 'a', 'A', 'ab', 'b', 'ba', 'x1', 'Bob'] as const;
const NUMBERS = [-2, -1, 0, 1, 2, 3, 0.5, -1.5, 10] as const;
const PATHS = ['a', 'b', 'c', 'd', 'a.a', 'a.b', 'a.0', 'a.1', 'b.a', 'a.a.b', 'a.0.a', 'a.b.0', 'c.0.0', 'a.a.a', 'b.c.a', 'a.0.0'] as const;
const TYPES = ['array', 'bool', 'boolean', 'date', 'decimal', 'double', 'int', 'long', 'null', 'number', 'object', 'regex', 'regexp', 'string', 'undefined', 1, 2, 3, 4, 6, 8, 9, 10, 11, 16, 18, 19] as const;
const PATTERNS = ['a', '^a', 'b$', 'A', '1', '.', '^$', 'o'] as const;

/** A value: a scalar, or (less often the deeper it sits) an array or object of values. */
export function randomValue(r: Random, depth: number, dates = false): unknown {
  const roll = r();
  const nested = depth < 3 ? 0.45 - depth * 0.1 : 0;
  // Lists of objects half the time: paths through them (`a.b` on `a: [{ b: … }, …]`) are where matching is subtle.
  if (roll < nested / 2) return Array.from({ length: count(r, 3) }, () => (r() < 0.5 && depth < 2 ? randomObject(r, depth + 1, dates) : randomValue(r, depth + 1, dates)));
  if (roll < nested) return randomObject(r, depth, dates);
  const kind = r();
  if (kind < 0.35) return pick(r, NUMBERS);
  if (kind < 0.65) return pick(r, STRINGS);
  if (kind < 0.75) return r() < 0.5;
  if (kind < 0.9 || !dates) return null;
  return new Date(pick(r, [0, 1000, -1000, 86_400_000]));
}

function randomObject(r: Random, depth: number, dates: boolean): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (let i = count(r, 2) + 1; i > 0; i--) o[pick(r, KEYS)] = randomValue(r, depth + 1, dates);
  return o;
}

/** Documents with fields a–d, each there or not, holding values of any kind. */
export function makeCorpus(r: Random, n: number): Record<string, unknown>[] {
  const docs: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const doc: Record<string, unknown> = { id: `d${i}` };
    for (const k of ['a', 'b', 'c', 'd']) if (r() < 0.7) doc[k] = randomValue(r, 1, r() < 0.1);
    docs.push(doc);
  }
  return docs;
}

const OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$regex', '$exists', '$size', '$mod', '$type', '$elemMatch', '$not'] as const;

/** One operator's argument. */
function argumentOf(r: Random, op: (typeof OPERATORS)[number], depth: number): unknown {
  switch (op) {
    case '$in':
    case '$nin':
      return Array.from({ length: count(r, 3) }, () => (r() < 0.15 ? new RegExp(pick(r, PATTERNS), pick(r, ['', 'i'])) : randomValue(r, 2)));
    case '$regex':
      return r() < 0.3 ? new RegExp(pick(r, PATTERNS)) : pick(r, PATTERNS);
    case '$exists':
      return r() < 0.5;
    case '$size':
      return count(r, 3);
    case '$mod':
      return [1 + count(r, 2), count(r, 3) - 1];
    case '$type':
      return r() < 0.2 ? [pick(r, TYPES), pick(r, TYPES)] : pick(r, TYPES);
    case '$elemMatch':
      if (r() < 0.2) return {};
      return r() < 0.5 ? operators(r, depth + 1, false) : randomSelector(r, depth + 1);
    case '$not':
      return r() < 0.2 ? new RegExp(pick(r, PATTERNS), pick(r, ['', 'i'])) : operators(r, depth + 1, false);
    default:
      return randomValue(r, r() < 0.8 ? 3 : 2);
  }
}

/** A field's operators (one or two), $regex with $options sometimes. */
function operators(r: Random, depth: number, not = true): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = r() < 0.75 ? 1 : 2; i > 0; i--) {
    let op = pick(r, OPERATORS);
    if ((op === '$not' && !not) || ((op === '$elemMatch' || op === '$not') && depth > 2)) op = '$eq';
    out[op] = argumentOf(r, op, depth);
    if (op === '$regex' && r() < 0.5) out.$options = pick(r, ['i', 'm', 's', '']);
  }
  return out;
}

/** A selector: fields with a value (an $eq), a regexp or operators, or $and, $or, $nor of selectors. */
export function randomSelector(r: Random, depth: number): Record<string, unknown> {
  if (depth < 2 && r() < 0.2) return { [pick(r, ['$and', '$or', '$nor'])]: Array.from({ length: count(r, 2) + 1 }, () => randomSelector(r, depth + 1)) };
  const out: Record<string, unknown> = {};
  for (let i = r() < 0.7 ? 1 : 2; i > 0; i--) {
    const roll = r();
    out[pick(r, PATHS)] = roll < 0.2 ? randomValue(r, 2) : roll < 0.25 ? new RegExp(pick(r, PATTERNS), pick(r, ['', 'i'])) : operators(r, depth);
  }
  return out;
}

/** Hand-written cases: a selector, documents, and MongoDB's answers for them. */
export const EDGE_CASES: { selector: Record<string, unknown>; docs: unknown[]; expected: boolean[] }[] = [
  // null matches null, a missing field and a list holding null; $ne null the opposite.
  { selector: { a: null }, docs: [{}, { a: null }, { a: 1 }, { a: [null] }, { a: [1] }], expected: [true, true, false, true, false] },
  { selector: { a: { $ne: null } }, docs: [{}, { a: null }, { a: 1 }, { a: [null] }, { a: [1] }], expected: [false, false, true, false, true] },
  { selector: { a: { $exists: false } }, docs: [{}, { a: null }, { a: 0 }], expected: [true, false, false] },
  { selector: { a: { $in: [null, 2] } }, docs: [{}, { a: null }, { a: [2, 3] }, { a: 3 }], expected: [true, true, true, false] },
  { selector: { a: { $nin: [1] } }, docs: [{}, { a: [1, 2] }, { a: 2 }], expected: [true, false, true] },
  // A list matches by any of its items, or as a whole; an item that is a list is not opened.
  { selector: { a: 2 }, docs: [{ a: [1, 2] }, { a: [[2]] }, { a: [1] }], expected: [true, false, false] },
  { selector: { a: [1, 2] }, docs: [{ a: [1, 2] }, { a: [2, 1] }, { a: [[1, 2], 3] }], expected: [true, false, true] },
  { selector: { a: { $gt: 1 } }, docs: [{ a: 2 }, { a: '3' }, { a: [0, 5] }, { a: null }, {}], expected: [true, false, true, false, false] },
  { selector: { a: { $gte: 2, $lt: 4 } }, docs: [{ a: [1, 5] }, { a: [3] }, { a: 3 }], expected: [true, true, true] },
  { selector: { a: { $elemMatch: { $gte: 2, $lt: 4 } } }, docs: [{ a: [1, 5] }, { a: [3] }, { a: 3 }], expected: [false, true, false] },
  { selector: { a: { $elemMatch: { b: 1, c: 2 } } }, docs: [{ a: [{ b: 1, c: 2 }] }, { a: [{ b: 1 }, { c: 2 }] }, { a: { b: 1, c: 2 } }], expected: [true, false, false] },
  // Dotted paths through objects, through lists of objects, and to a list's item.
  { selector: { 'a.b': 1 }, docs: [{ a: [{ b: 1 }, { b: 2 }] }, { a: { b: [1] } }, { a: [{ c: 1 }] }, { a: 1 }], expected: [true, true, false, false] },
  { selector: { 'a.b': 3 }, docs: [{ a: [{ b: [1, 2] }, { b: [3] }] }, { a: [{ b: [1, 2] }, { b: [[3]] }] }, { a: [{ b: [4] }] }], expected: [true, false, false] },
  { selector: { 'a.b.c': 5 }, docs: [{ a: [{ b: [{ c: 5 }] }] }, { a: { b: { c: 5 } } }, { a: [{ b: [{ c: 4 }] }] }], expected: [true, true, false] },
  { selector: { 'a.0': 'x' }, docs: [{ a: ['x', 'y'] }, { a: ['y', 'x'] }, { a: { 0: 'x' } }], expected: [true, false, true] },
  { selector: { 'a.1.b': 2 }, docs: [{ a: [{ b: 1 }, { b: 2 }] }, { a: [{ b: 2 }] }], expected: [true, false] },
  { selector: { 'a.b': { $exists: true } }, docs: [{ a: [{ b: 1 }] }, { a: [{ c: 1 }] }, { a: [] }, { a: { b: null } }, { a: 1 }], expected: [true, false, false, true, false] },
  { selector: { 'a.b': { $exists: false } }, docs: [{ a: [{ b: 1 }, { c: 1 }] }, { a: [{ c: 1 }] }, {}], expected: [false, true, true] },
  { selector: { 'a.1': { $exists: true } }, docs: [{ a: [1] }, { a: [1, 2] }], expected: [false, true] },
  // Embedded documents and empty ones.
  { selector: { a: {} }, docs: [{ a: {} }, { a: { b: 1 } }, {}], expected: [true, false, false] },
  { selector: { a: { b: 1 } }, docs: [{ a: { b: 1 } }, { a: { b: 1, c: 1 } }, { a: [{ b: 1 }] }], expected: [true, false, true] },
  // The other operators.
  { selector: { a: { $regex: '^b', $options: 'i' } }, docs: [{ a: 'Bob' }, { a: ['x', 'bay'] }, { a: 5 }, {}], expected: [true, true, false, false] },
  { selector: { a: /^b/ }, docs: [{ a: 'Bob' }, { a: 'bob' }], expected: [false, true] },
  { selector: { a: { $in: [/^B/, 7] } }, docs: [{ a: 'Bob' }, { a: 7 }, { a: 'bob' }], expected: [true, true, false] },
  { selector: { a: { $not: { $gt: 2 } } }, docs: [{ a: 3 }, { a: 1 }, {}, { a: 'x' }], expected: [false, true, true, true] },
  { selector: { a: { $not: /^a/ } }, docs: [{ a: 'ab' }, { a: 'ba' }, {}], expected: [false, true, true] },
  { selector: { a: { $size: 2 } }, docs: [{ a: [1, 2] }, { a: [1] }, { a: 'ab' }, {}], expected: [true, false, false, false] },
  { selector: { a: { $mod: [3, 1] } }, docs: [{ a: 4 }, { a: 3 }, { a: [2, 7] }, {}], expected: [true, false, true, false] },
  { selector: { a: { $type: 'string' } }, docs: [{ a: 'x' }, { a: 1 }, { a: null }, {}], expected: [true, false, false, false] },
  { selector: { a: { $type: ['null', 'number'] } }, docs: [{ a: 'x' }, { a: 1 }, { a: null }], expected: [false, true, true] },
  { selector: { $or: [{ a: 1 }, { b: 1 }], c: { $exists: true } }, docs: [{ a: 1, c: 0 }, { b: 1 }, { b: 1, c: null }, { c: 1 }], expected: [true, false, true, false] },
  { selector: { $nor: [{ a: 1 }, { b: 1 }] }, docs: [{ a: 1 }, { b: 2 }, {}], expected: [false, true, true] },
  { selector: { $and: [{ a: { $gt: 0 } }, { a: { $lt: 2 } }] }, docs: [{ a: 1 }, { a: [0, 3] }, { a: 2 }], expected: [true, true, false] },
  // What RxDB asks: changes since a checkpoint (rx-storage-helper.js), documents by ids (findByIds).
  { selector: { $or: [{ '_meta.lwt': { $gt: 5 } }, { '_meta.lwt': { $eq: 5 }, id: { $gt: 'b' } }] }, docs: [{ id: 'a', _meta: { lwt: 6 } }, { id: 'a', _meta: { lwt: 5 } }, { id: 'c', _meta: { lwt: 5 } }, { id: 'c', _meta: { lwt: 4 } }], expected: [true, false, true, false] },
  { selector: { id: { $in: ['a', 'c'] }, _deleted: { $eq: false } }, docs: [{ id: 'a', _deleted: false }, { id: 'b', _deleted: false }, { id: 'c', _deleted: true }], expected: [true, false, false] },
  // What the phone asks (sync/device): one scorecard's scores not deleted, in a range of a string key.
  { selector: { type: 'score', scorecardId: 's1', _deleted: { $eq: false } }, docs: [{ type: 'score', scorecardId: 's1', _deleted: false }, { type: 'score', scorecardId: 's1', _deleted: true }, { type: 'score', scorecardId: 's2', _deleted: false }, { type: 'round', scorecardId: 's1', _deleted: false }], expected: [true, false, false, false] },
];
