/** Mango selector matching of the gateway's `_selector` changes filter (pure). */
import { describe, expect, it } from 'vitest';
import { compileSelector, SelectorError, splitPath } from '../../sync/gateway/selector.js';

const score = { _id: 'score:c1:7', type: 'score', roundId: 'r1', hole: 7, strokes: 4, tags: ['birdie', 'par3'], entry: { by: 'p1', device: { id: 'A' } }, 'a.b': 1 };
const round = { _id: 'round:r1', type: 'round', state: 'ready', holes: 18 };

const matches = (selector: unknown, doc: unknown = score) => compileSelector(selector)(doc);

describe('compileSelector', () => {
  it('matches implicit equality, $eq and $ne (which needs the field)', () => {
    expect(matches({ type: 'score', roundId: 'r1' })).toBe(true);
    expect(matches({ type: 'score', roundId: 'r2' })).toBe(false);
    expect(matches({ type: { $eq: 'round' } }, round)).toBe(true);
    expect(matches({ state: { $ne: 'done' } }, round)).toBe(true);
    expect(matches({ state: { $ne: 'done' } })).toBe(false); // no state field
    expect(matches({ tags: ['birdie', 'par3'] })).toBe(true);
    expect(matches({ tags: ['par3', 'birdie'] })).toBe(false);
  });

  it('reads nested fields by dotted path, escaped dots and nested objects', () => {
    expect(matches({ 'entry.device.id': 'A' })).toBe(true);
    expect(matches({ entry: { device: { id: 'B' } } })).toBe(false);
    expect(matches({ entry: { by: 'p1' } })).toBe(true);
    expect(matches({ 'a\\.b': 1 })).toBe(true);
    expect(matches({ 'a.b': 1 })).toBe(false);
    expect(splitPath('x.y\\.z')).toEqual(['x', 'y.z']);
  });

  it('handles $in, $nin (arrays match on any element) and $exists', () => {
    expect(matches({ type: { $in: ['round', 'score'] } })).toBe(true);
    expect(matches({ tags: { $in: ['bogey', 'par3'] } })).toBe(true);
    expect(matches({ tags: { $nin: ['bogey'] } })).toBe(true);
    expect(matches({ type: { $nin: ['score'] } })).toBe(false);
    expect(matches({ roundId: { $exists: true } })).toBe(true);
    expect(matches({ roundId: { $exists: false } }, round)).toBe(true);
    expect(matches({ 'entry.device': { $exists: true } })).toBe(true);
  });

  it('compares with CouchDB collation in $gt/$gte/$lt/$lte', () => {
    expect(matches({ hole: { $gt: 6, $lte: 7 } })).toBe(true);
    expect(matches({ hole: { $lt: 7 } })).toBe(false);
    expect(matches({ roundId: { $gte: 'r1', $lt: 'r2' } })).toBe(true);
    expect(matches({ hole: { $lt: 'a' } })).toBe(true); // numbers sort before strings
    expect(matches({ missing: { $lt: 100 } })).toBe(false);
  });

  it('combines with $and, $or, $nor, $not, also on one field', () => {
    expect(matches({ $and: [{ type: 'score' }, { hole: { $gte: 1 } }] })).toBe(true);
    expect(matches({ $or: [{ type: 'round' }, { roundId: 'r1' }] })).toBe(true);
    expect(matches({ $or: [{ type: 'round' }, { roundId: 'r9' }] })).toBe(false);
    expect(matches({ $nor: [{ type: 'round' }] })).toBe(true);
    expect(matches({ $not: { type: 'score' } })).toBe(false);
    expect(matches({ hole: { $or: [3, { $gt: 6 }] } })).toBe(true);
    expect(matches({ hole: { $not: { $gt: 6 } } })).toBe(false);
    expect(matches({})).toBe(true);
  });

  it('rejects what is not a selector', () => {
    for (const bad of [null, [], 'type', { $foo: [] }, { type: { $regexp: 'x' } }, { $or: {} }, { $and: [1] }, { x: { $in: 'a' } }, { x: { $exists: 'yes' } }, { x: { $eq: 1, y: 2 } }]) {
      expect(() => compileSelector(bad), JSON.stringify(bad)).toThrow(SelectorError);
    }
  });
});
