/**
 * Four-ball sides (issue 34): two sides of two in each group of four, made from the round's pairings, and their
 * better-ball net per hole (Rules of Golf Rule 23: the better score of the partners counts on each hole). The net
 * scores come from each partner's Playing Handicap at the round's allowance (frozen on the scorecards), strokes by
 * stroke index (WHS Appendix E), so the round page, the team board, the Nassau and the phone show one figure.
 */
import { fail, ok, type ErrorCode, type ErrorDetail, type Result } from '../../errors.js';
import type { HoleInfo, HoleScore } from '../golf/card.js';
import { holeStrokes } from '../leaderboards/cards.js';
import { bestBallRows, type TeamRows } from '../leaderboards/team-round.js';

/** A player of a group, with the Playing Handicap they play off (null: no Handicap Index, plays off scratch). */
export interface SidePlayer {
  id: string;
  playingHandicap: number | null;
}

/** One group's two sides. */
export interface GroupSides {
  groupId: string;
  sides: [[string, string], [string, string]];
}

/**
 * Sides by handicap in a group of four: the lowest Playing Handicap with the highest against the two in the middle
 * (A+D v B+C), which makes the sides' handicaps as even as two pairs can be. No index counts as 0; equal handicaps
 * keep the group's order. Fails (`unprocessable`) for a group that is not four players.
 * @example sidesByHandicap([{ id: 'ann', playingHandicap: 4 }, { id: 'bob', playingHandicap: 20 }, { id: 'cat', playingHandicap: 12 }, { id: 'dan', playingHandicap: 9 }])
 * // ok([['ann', 'bob'], ['dan', 'cat']])
 */
export function sidesByHandicap(players: readonly SidePlayer[]): Result<[[string, string], [string, string]]> {
  if (players.length !== 4) return fail('unprocessable', `a group of ${players.length} cannot make two sides of two: four-ball sides need a group of four`);
  const sorted = players.map((p, i) => ({ ...p, i })).sort((x, y) => (x.playingHandicap ?? 0) - (y.playingHandicap ?? 0) || x.i - y.i);
  const [a, b, c, d] = sorted.map((p) => p.id) as [string, string, string, string];
  return ok([
    [a, d],
    [b, c],
  ]);
}

type Problem = ErrorDetail & { code: ErrorCode };

/**
 * Checks sides given by the organizer against the round's groups: each side two players of one group of four, no
 * player in two sides. One side named in a group makes the other side of the two players left. Every problem is
 * listed, the first deciding the code: `unknown_player` (not in any group of the round), `duplicate_player` (on two
 * sides), `unprocessable` (partners in different groups, a side not of two, a group not of four, three sides).
 * @example checkSides([{ id: 'g1', number: 1, playerIds: ['a', 'b', 'c', 'd'] }], [['a', 'c']]) // ok([{ groupId: 'g1', sides: [['a', 'c'], ['b', 'd']] }])
 */
export function checkSides(groups: readonly { id: string; number: number; playerIds: readonly string[] }[], sides: readonly (readonly string[])[]): Result<GroupSides[]> {
  const problems: Problem[] = [];
  const groupOf = new Map<string, (typeof groups)[number]>();
  for (const g of groups) for (const p of g.playerIds) groupOf.set(p, g);
  const sideOf = new Map<string, number>();
  const byGroup = new Map<string, [string, string][]>();
  sides.forEach((side, si) => {
    const at = (pi?: number): (string | number)[] => (pi === undefined ? ['body', 'sides', si] : ['body', 'sides', si, pi]);
    if (side.length !== 2) {
      problems.push({ code: 'unprocessable', path: at(), message: `side ${si + 1} has ${side.length} players; a four-ball side is two partners` });
      return;
    }
    let ok2 = true;
    side.forEach((p, pi) => {
      if (!groupOf.has(p)) {
        problems.push({ code: 'unknown_player', path: at(pi), message: `player ${p} is in no group of this round`, playerId: p });
        ok2 = false;
      }
      const prev = sideOf.get(p);
      if (prev !== undefined) {
        problems.push({ code: 'duplicate_player', path: at(pi), message: `player ${p} is already on side ${prev + 1}: a player plays on one side`, playerId: p });
        ok2 = false;
      }
      sideOf.set(p, si);
    });
    if (!ok2) return;
    const [g1, g2] = [groupOf.get(side[0]!)!, groupOf.get(side[1]!)!];
    if (g1 !== g2) {
      problems.push({ code: 'unprocessable', path: at(), message: `partners play in the same group: player ${side[0]} is in group ${g1.number}, ${side[1]} in group ${g2.number}` });
      return;
    }
    if (g1.playerIds.length !== 4) {
      problems.push({ code: 'unprocessable', path: at(), message: `group ${g1.number} has ${g1.playerIds.length} players: four-ball sides need a group of four` });
      return;
    }
    byGroup.set(g1.id, [...(byGroup.get(g1.id) ?? []), [side[0]!, side[1]!]]);
  });
  const out: GroupSides[] = [];
  for (const g of groups) {
    const given = byGroup.get(g.id);
    if (!given) continue;
    if (given.length > 2) {
      problems.push({ code: 'unprocessable', path: ['body', 'sides'], message: `group ${g.number} is given ${given.length} sides; a group of four makes two` });
      continue;
    }
    const first = given[0]!;
    // Two sides named in a group of four, no player on both: the second is the two left, kept in the order given.
    const rest = given[1] ?? (g.playerIds.filter((p) => !first.includes(p)) as [string, string]);
    out.push({ groupId: g.id, sides: [first, rest] });
  }
  if (problems.length > 0) return fail(problems[0]!.code, problems[0]!.message, problems);
  return ok(out);
}

/**
 * A side's better-ball net per hole: each partner's net (gross − strokes received from their Playing Handicap by
 * stroke index) and the better of the two counts; a picked-up ball counts at net double bogey (net par + 2, WHS Rule
 * 3.1b) only when the partner has no holed ball. `null` on a hole neither partner has played yet.
 * @example sideBetterBallNet(holes, [{ gross: [5], playingHandicap: 18 }, { gross: [4], playingHandicap: 0 }]) // net [4] on a par 4
 */
export function sideBetterBallNet(holes: readonly HoleInfo[], partners: readonly { gross: readonly HoleScore[]; playingHandicap: number | null }[]): TeamRows & { total: number; thru: number } {
  const rows = bestBallRows(
    holes,
    partners.map((p) => ({ gross: p.gross, strokes: holeStrokes(p.playingHandicap, holes) })),
    1,
  );
  const played = rows.net.filter((n): n is number => n !== null);
  return { ...rows, total: played.reduce((s, n) => s + n, 0), thru: played.length };
}
