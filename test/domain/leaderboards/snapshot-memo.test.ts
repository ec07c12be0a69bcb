/**
 * `fromDocs` with a memo (shared/domain/leaderboards/snapshot.ts), as the server makes a snapshot per state of a trip:
 * over a long run of random changes (scores entered, corrected, picked up, deleted, malformed, players renamed, a
 * second document claiming a record id) every snapshot equals the one made without the memo, a record of a document
 * that did not change is the very object of the previous snapshot, and a document that may still change (not
 * frozen) is parsed afresh each time.
 */
import { describe, expect, it } from 'vitest';
import { fromDocs, type SnapshotMemo, type TripSnapshot } from '../../../shared/domain/leaderboards/index.js';
import { createRng } from '../../../shared/domain/scheduling/random.js';
import { deepFreeze } from '../../../server/store/by-seq.js';
import { player, round, scorecard, score, type Doc } from './fixtures.js';

const PLAYERS = Array.from({ length: 8 }, (_, i) => `plr${i}`);
const ROUNDS = ['rnd0', 'rnd1'];

function startingDocs(): Map<string, Doc> {
  const docs = new Map<string, Doc>();
  const put = (d: Doc) => docs.set(String(d._id), deepFreeze(d));
  for (const p of PLAYERS) put(player(p, p.toUpperCase()));
  for (const r of ROUNDS) {
    put(round(r, PLAYERS));
    for (const p of PLAYERS) put(scorecard(r, p, 10));
  }
  return docs;
}

/** One random change, as a new frozen object where a document is written (the store's shared reads hand those out). */
function change(docs: Map<string, Doc>, rng: () => number): void {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
  const r = pick(ROUNDS);
  const p = pick(PLAYERS);
  const hole = 1 + Math.floor(rng() * 9);
  const kind = rng();
  if (kind < 0.55) {
    const s = score(r, p, hole, rng() < 0.1 ? null : 2 + Math.floor(rng() * 6));
    docs.set(String(s._id), deepFreeze(s));
  } else if (kind < 0.65) {
    // Deleted: the store answers a deletion as a row without a body, or a stub with `_deleted`.
    const s = score(r, p, hole, 4);
    docs.set(String(s._id), deepFreeze({ _id: s._id, _deleted: true }));
  } else if (kind < 0.72) {
    // Malformed: ignored, never replacing a good record.
    const s = score(r, p, hole, 4);
    docs.set(String(s._id), deepFreeze({ ...s, strokes: 0 }));
  } else if (kind < 0.8) {
    docs.set(`player:${p}`, deepFreeze(player(p, `${p}-${Math.floor(rng() * 100)}`, rng() < 0.5 ? 'USA' : undefined)));
  } else if (kind < 0.85) {
    // A second document giving the same score record (another _id): the greater document key wins.
    const s = score(r, p, hole, 5);
    docs.set(`score:~${r}-${p}:${hole}`, deepFreeze({ ...s, _id: `score:~${r}-${p}:${hole}` }));
  } else if (kind < 0.9) {
    docs.set(`scorecard:${r}-${p}`, deepFreeze(scorecard(r, p, Math.floor(rng() * 30))));
  } else {
    // Nothing written: the next snapshot is of the same documents.
  }
}

const records = (s: TripSnapshot) => [...s.players, ...s.rounds, ...s.scorecards, ...s.scores, ...s.competitions];

describe('fromDocs with a memo', () => {
  it('makes the same snapshot as without it over 2,000 random changes, reusing the records of unchanged documents', () => {
    const rng = createRng(20261128).next;
    const docs = startingDocs();
    const memo: SnapshotMemo = new WeakMap();
    let previous: TripSnapshot | undefined;
    let equal = 0;
    let same = 0;
    for (let step = 0; step < 2_000; step++) {
      change(docs, rng);
      const list = [...docs.values()];
      const snapshot = fromDocs(list, memo);
      expect(snapshot).toEqual(fromDocs(list));
      if (previous) {
        // Records equal to the previous snapshot's (most documents did not change): the same objects, not parsed again.
        const before = new Map(records(previous).map((r) => [`${r.id}`, r]));
        for (const r of records(snapshot)) {
          const old = before.get(r.id);
          if (!old || JSON.stringify(old) !== JSON.stringify(r)) continue;
          equal += 1;
          if (old === r) same += 1;
        }
      }
      previous = snapshot;
    }
    expect(equal).toBeGreaterThan(100_000);
    // Only a document written again with the same content (a new object) makes an equal record anew.
    expect(same / equal).toBeGreaterThan(0.95);
  });

  it('gives the record of an unchanged frozen document the same object in the next snapshot, and a changed one a new record', () => {
    const docs = startingDocs();
    const s1 = score('rnd0', 'plr0', 1, 4);
    docs.set(String(s1._id), deepFreeze(s1));
    const memo: SnapshotMemo = new WeakMap();
    const first = fromDocs([...docs.values()], memo);
    const s2 = score('rnd0', 'plr0', 2, 5);
    docs.set(String(s2._id), deepFreeze(s2));
    const second = fromDocs([...docs.values()], memo);
    const hole1 = (s: TripSnapshot) => s.scores.find((x) => x.hole === 1 && x.scorecardId === 'rnd0-plr0');
    expect(hole1(second)).toBe(hole1(first));
    expect(second.players[0]).toBe(first.players[0]);
    const corrected = score('rnd0', 'plr0', 1, 6);
    docs.set(String(corrected._id), deepFreeze(corrected));
    const third = fromDocs([...docs.values()], memo);
    expect(hole1(third)).not.toBe(hole1(second));
    expect(hole1(third)?.strokes).toBe(6);
  });

  it('parses a document that is not frozen afresh each time: one changed in place is not answered from an older version', () => {
    const docs = [...startingDocs().values()];
    const open = score('rnd0', 'plr1', 3, 4);
    const memo: SnapshotMemo = new WeakMap();
    const first = fromDocs([...docs, open], memo);
    expect(first.scores.find((s) => s.scorecardId === 'rnd0-plr1')?.strokes).toBe(4);
    open.strokes = 7;
    const second = fromDocs([...docs, open], memo);
    expect(second.scores.find((s) => s.scorecardId === 'rnd0-plr1')?.strokes).toBe(7);
  });
});
