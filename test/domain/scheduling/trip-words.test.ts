/**
 * The words a rotation and a fairness score come with (issue 34): the repeats over the trip in one sentence, the
 * rounds a pair shares, who meets fewer partners than most, and whose tee times lean which way, by name.
 */
import { describe, expect, it } from 'vitest';
import { fairnessReport } from '../../../shared/domain/scheduling/fairness.js';
import { fairnessSentences, keptRepeatsSentence, pairLine, partnersMet, partnersSentence, repeatsSentence } from '../../../shared/domain/scheduling/trip-words.js';
import type { Groups } from '../../../shared/domain/scheduling/types.js';

describe('rotation words', () => {
  it('says how many pairs play together twice or more over the trip, and who never does more', () => {
    expect(repeatsSentence(3, [2, 2, 2, 2, 2, 2])).toBe("Over the trip's 3 rounds: 6 pairs play together twice, nobody three times.");
    expect(repeatsSentence(4, [3, 2, 2])).toBe("Over the trip's 4 rounds: 2 pairs play together twice, 1 pair three times, nobody four times.");
    expect(repeatsSentence(3, [3])).toBe("Over the trip's 3 rounds: 1 pair play together three times.");
    expect(repeatsSentence(3, [])).toBe("Over the trip's 3 rounds nobody plays with anyone twice.");
    expect(pairLine('Ann', 'Bob', ['Day 1', 'Day 3'])).toBe('Ann & Bob: Day 1 and Day 3');
    expect(keptRepeatsSentence(4, ['Day 1', 'Day 2'])).toBe('4 repeats are between Day 1 and Day 2 alone, which stay as they are: only pairing those again could change them.');
    expect(keptRepeatsSentence(0, ['Day 1', 'Day 2'])).toBe('');
  });

  it('names the player who meets fewer different partners than most', () => {
    // Carl plays with Ann and Bob both days; the others meet someone new on Day 2.
    const rounds: Groups[] = [
      [['Carl', 'Ann', 'Bob'], ['Dan', 'Eve', 'Fay']],
      [['Carl', 'Ann', 'Bob'], ['Dan', 'Eve', 'Gus']],
    ];
    const met = partnersMet(rounds, ['Carl', 'Ann', 'Bob', 'Dan', 'Eve', 'Fay', 'Gus']);
    expect(met.get('Carl')).toBe(2);
    expect(met.get('Dan')).toBe(3);
    const sentence = partnersSentence([...met].map(([name, partners]) => ({ name, partners })));
    // Five meet 2 partners and two meet 3: the usual count is 2 and nobody is below it.
    expect(sentence).toBe('Everyone meets at least 2 different partners; most meet 2.');
    const one = partnersSentence([
      { name: 'Carl', partners: 5 },
      ...['Ann', 'Bob', 'Dan', 'Eve'].map((name) => ({ name, partners: 9 })),
      { name: 'Fay', partners: 8 },
    ]);
    expect(one).toBe('Carl meets only 5 different partners; most others meet 9.');
    expect(partnersSentence([{ name: 'Ann', partners: 9 }, { name: 'Bob', partners: 9 }])).toBe('Everyone meets 9 different partners.');
  });
});

describe('fairness words', () => {
  it('a low score says what is uneven and for whom', () => {
    // Carl tees off first in all three rounds; the others take turns.
    const starts = [{ time: '08:00', hole: 1 }, { time: '08:10', hole: 1 }, { time: '08:20', hole: 1 }, { time: '08:30', hole: 1 }];
    const rounds = [
      { groups: [['Carl'], ['Ann'], ['Bob'], ['Dan']], starts },
      { groups: [['Carl'], ['Bob'], ['Ann'], ['Dan']], starts },
      { groups: [['Carl'], ['Dan'], ['Bob'], ['Ann']], starts },
    ];
    const report = fairnessReport(rounds);
    const carl = report.players.find((p) => p.playerId === 'Carl')!;
    expect(carl).toMatchObject({ early: 3, late: 0, front: 3, back: 0, score: 0 });
    const words = fairnessSentences(report.players.map((p) => ({ ...p, name: p.playerId })));
    // Every start is on hole 1: said once, for everyone, and not held against Carl.
    expect(words).toEqual([
      'Every group starts on the front nine, so front and back starts cannot even out: that costs everyone alike (the best score here is 33.3/100).',
      'Least even (0/100): Carl tees off early in all 3 rounds.',
      '3 of 4 players score 33.3/100, the best here.',
    ]);
    // With two-tee starts the nine a player starts on is theirs to be uneven on.
    const twoTee = fairnessReport(rounds.map((r) => ({ ...r, starts: r.starts.map((s, i) => ({ ...s, hole: i % 2 ? 10 : 1 })) })));
    const carlTwoTee = fairnessSentences(twoTee.players.map((p) => ({ ...p, name: p.playerId })));
    expect(carlTwoTee).toContain('Least even (0/100): Carl tees off early in all 3 rounds and starts on the front nine in all 3.');
    // Over two rounds: "both".
    const two = fairnessReport(rounds.slice(0, 2));
    expect(fairnessSentences(two.players.map((p) => ({ ...p, name: p.playerId }))).join(' ')).toContain('Least even (0/100): Carl tees off early in both rounds; Dan tees off late in both rounds.');
  });

  it('one round with tee times explains its 0/100, and an even trip says so', () => {
    const report = fairnessReport([{ groups: [['Ann', 'Bob'], ['Carl', 'Dan']], starts: [{ time: '08:00', hole: 1 }, { time: '08:10', hole: 10 }] }]);
    const words = fairnessSentences(report.players.map((p) => ({ ...p, name: p.playerId })));
    expect(words[0]).toMatch(/^With tee times in one round only/);
    expect(words[1]).toBe('Least even (0/100): Ann tees off early and starts on the front nine; Bob tees off early and starts on the front nine; Carl tees off late and starts on the back nine; 1 other player just as uneven.');
    const even = fairnessReport([
      { groups: [['Ann'], ['Bob']], starts: [{ time: '08:00', hole: 1 }, { time: '08:10', hole: 10 }] },
      { groups: [['Bob'], ['Ann']], starts: [{ time: '08:00', hole: 1 }, { time: '08:10', hole: 10 }] },
    ]);
    expect(fairnessSentences(even.players.map((p) => ({ ...p, name: p.playerId })))).toEqual(['Everyone has as many early as late tee times, and as many front-nine as back-nine starts.']);
  });
});
