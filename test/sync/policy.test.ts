import { describe, expect, it } from 'vitest';
import { mayConflict } from '../../server/sync/sync.policy.js';

describe('which replicated writes may make a conflict', () => {
  const current = { _id: 'score:a-b:1', _rev: '2-bbb' };
  it.each([
    ['a new document', { _id: 'x', _rev: '1-aaa', _revisions: { start: 1, ids: ['aaa'] } }, undefined, false],
    ['a revision extending the winner', { _id: 'x', _rev: '3-ccc', _revisions: { start: 3, ids: ['ccc', 'bbb', 'aaa'] } }, current, false],
    ['a revision on another branch', { _id: 'x', _rev: '2-zzz', _revisions: { start: 2, ids: ['zzz', 'aaa'] } }, current, true],
    ['a normal edit (no _revisions)', { _id: 'x', _rev: '2-bbb' }, current, false],
  ])('%s: %s', (_label, doc, cur, expected) => {
    expect(mayConflict(doc, cur)).toBe(expected);
  });
});
