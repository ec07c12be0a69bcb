/**
 * What a rotation achieved over the whole trip, and what a fairness score means, in golfers' words (issue 34): how
 * many pairs play together twice or more over the trip's rounds and on which days, who meets fewer different
 * partners than most, and whose tee times lean early or late, front nine or back nine. Pure: the names come in.
 */
import type { PlayerFairness } from './fairness.js';
import type { Groups } from './types.js';

const TIMES = ['never', 'once', 'twice', 'three times', 'four times', 'five times'];
const times = (n: number) => TIMES[n] ?? `${n} times`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "A", "A and B", "A, B and C". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Names, at most `max` of them, then "and N others". */
function someNames(names: readonly string[], max = 4): string {
  if (names.length <= max) return listWords(names);
  return `${names.slice(0, max).join(', ')} and ${plural(names.length - max, 'other')}`;
}

/**
 * The repeats over the counted rounds in one sentence: "Over the trip's 3 rounds: 6 pairs play together twice,
 * nobody three times." `meetings`: each repeated pair's number of shared rounds (2 or more).
 */
export function repeatsSentence(roundCount: number, meetings: readonly number[]): string {
  const over = roundCount === 1 ? 'In this round' : `Over the trip's ${roundCount} rounds`;
  if (meetings.length === 0) return roundCount === 1 ? 'In this round nobody plays with anyone twice.' : `${over} nobody plays with anyone twice.`;
  const byCount = new Map<number, number>();
  for (const m of meetings) byCount.set(m, (byCount.get(m) ?? 0) + 1);
  const counts = [...byCount.keys()].sort((a, b) => a - b);
  const parts = counts.map((m, i) => `${plural(byCount.get(m)!, 'pair')}${i === 0 ? ' play together' : ''} ${times(m)}`);
  const most = counts[counts.length - 1]!;
  if (most < roundCount) parts.push(`nobody ${times(most + 1)}`);
  return `${over}: ${parts.join(', ')}.`;
}

/** "Ann & Bob: Day 1 and Day 3". */
export function pairLine(a: string, b: string, roundNames: readonly string[]): string {
  return `${a} & ${b}: ${listWords(roundNames)}`;
}

/**
 * The repeats the kept rounds hold among themselves, which no new pairing can change: "4 of these are between Day 1
 * and Day 2, which stay as they are." Empty when there are none.
 */
export function keptRepeatsSentence(fixedRepeats: number, keptNames: readonly string[]): string {
  if (fixedRepeats === 0 || keptNames.length === 0) return '';
  const which = keptNames.length === 1 ? keptNames[0]! : `${listWords(keptNames)}`;
  return `${fixedRepeats === 1 ? '1 repeat is' : `${fixedRepeats} repeats are`} between ${which} alone, which stay${keptNames.length === 1 ? 's' : ''} as ${keptNames.length === 1 ? 'it is' : 'they are'}: only pairing ${keptNames.length === 1 ? 'it' : 'those'} again could change ${fixedRepeats === 1 ? 'it' : 'them'}.`;
}

/** Different partners each player of `playerIds` meets over the rounds (players absent from every round: 0). */
export function partnersMet(rounds: readonly Groups[], playerIds: readonly string[]): Map<string, number> {
  const met = new Map<string, Set<string>>(playerIds.map((id) => [id, new Set<string>()]));
  for (const round of rounds) {
    for (const group of round) {
      for (const p of group) {
        const set = met.get(p);
        if (!set) continue;
        for (const q of group) if (q !== p) set.add(q);
      }
    }
  }
  return new Map([...met].map(([id, set]) => [id, set.size]));
}

/**
 * Who meets fewer different partners than most: "Carl meets only 5 different partners; most others meet 9." The most
 * common count is "most others"; when everyone meets as many, says so.
 */
export function partnersSentence(partners: readonly { name: string; partners: number }[]): string {
  if (partners.length === 0) return '';
  const freq = new Map<number, number>();
  for (const p of partners) freq.set(p.partners, (freq.get(p.partners) ?? 0) + 1);
  let usual = partners[0]!.partners;
  for (const [count, k] of freq) if (k > freq.get(usual)! || (k === freq.get(usual)! && count > usual)) usual = count;
  const fewest = Math.min(...partners.map((p) => p.partners));
  if (fewest >= usual) {
    return freq.size === 1 ? `Everyone meets ${plural(usual, 'different partner')}.` : `Everyone meets at least ${plural(fewest, 'different partner')}; most meet ${usual}.`;
  }
  const few = partners.filter((p) => p.partners === fewest).map((p) => p.name).sort((a, b) => a.localeCompare(b));
  return `${someNames(few)} ${few.length === 1 ? 'meets' : 'meet'} only ${plural(fewest, 'different partner')}; most others meet ${usual}.`;
}

/** A player's tee-time fairness (fairness.ts) with their name, as the words name them. */
export type FairnessLine = Omit<PlayerFairness, 'playerId'> & { name: string };

/** How one player's starts lean: "tees off early in all 3 rounds and starts on the front nine in 2 of 3". */
function leanOf(p: FairnessLine, holes = true): string {
  const many = (m: number, withRounds: boolean) => {
    if (p.rounds === 1) return '';
    if (m === p.rounds && p.rounds === 2) return ` in both${withRounds ? ' rounds' : ''}`;
    return ` in ${m === p.rounds ? 'all' : `${m} of`} ${p.rounds}${withRounds ? ' rounds' : ''}`;
  };
  const parts: string[] = [];
  if (p.early !== p.late) parts.push(`tees off ${p.early > p.late ? 'early' : 'late'}${many(Math.max(p.early, p.late), true)}`);
  if (holes && p.front !== p.back) parts.push(`starts on the ${p.front > p.back ? 'front' : 'back'} nine${many(Math.max(p.front, p.back), parts.length === 0)}`);
  return listWords(parts);
}

/**
 * A tee-time fairness score in words: what is uneven and for whom (the players with the lowest score, what their
 * starts lean to), how many are even, and why a single round cannot be even.
 */
export function fairnessSentences(players: readonly FairnessLine[]): string[] {
  const played = players.filter((p) => p.rounds > 0);
  if (played.length === 0) return [];
  const even = played.filter((p) => p.score >= 100);
  if (even.length === played.length) return ['Everyone has as many early as late tee times, and as many front-nine as back-nine starts.'];
  const out: string[] = [];
  if (Math.max(...played.map((p) => p.rounds)) === 1) {
    out.push('With tee times in one round only, each player starts either early or late and on one nine: the score evens out over several rounds.');
  }
  // Every start on one nine (single-tee rounds): the same for everyone, so it is said once, not of each player.
  const oneNine = played.every((p) => p.back === 0) || played.every((p) => p.front === 0);
  if (oneNine) {
    const nine = played.every((p) => p.back === 0) ? 'front' : 'back';
    out.push(`Every group starts on the ${nine} nine, so front and back starts cannot even out: that costs everyone alike (the best score here is ${Math.max(...played.map((p) => p.score))}/100).`);
  }
  const lowest = Math.min(...played.map((p) => p.score));
  const worst = played.filter((p) => p.score === lowest).sort((a, b) => a.name.localeCompare(b.name));
  const shown = worst.slice(0, 3).map((p) => `${p.name} ${leanOf(p, !oneNine)}`);
  const more = worst.length > 3 ? `; ${plural(worst.length - 3, 'other player')} just as uneven` : '';
  out.push(`Least even (${lowest}/100): ${shown.join('; ')}${more}.`);
  const best = Math.max(...played.map((p) => p.score));
  const atBest = played.filter((p) => p.score === best).length;
  if (even.length) out.push(`${even.length} of ${played.length} players are even (100/100).`);
  else if (best > lowest) out.push(`${atBest} of ${played.length} players score ${best}/100, the best here.`);
  return out;
}
