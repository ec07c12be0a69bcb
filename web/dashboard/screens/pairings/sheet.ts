/**
 * The tee sheet as the page holds it while the organizer adjusts it, and what each adjustment does: pure, so the
 * drag, the keyboard menu and the tests share one meaning. The swaps themselves, the rule breaks and the fairness
 * figures are the shared domain's (`shared/domain/scheduling/*`), the very functions the server runs: the page never
 * decides a rule on its own, it only shows the answer before the server's arrives.
 */
import { fairnessReport, type FairnessRound, type PlayerFairness } from '../../../../shared/domain/scheduling/fairness.js';
import { brokenRules } from '../../../../shared/domain/scheduling/rules.js';
import { movePlayer, swapGroups, swapPlayers } from '../../../../shared/domain/scheduling/swaps.js';
import type { RuleBreak, SchedRule } from '../../../../shared/domain/scheduling/types.js';
import type { Pairings, Round, SheetOp } from '../../api/scheduling.js';

/** One group of the sheet: its players and its place (tee time, starting hole, shotgun A/B). */
export interface SheetGroup {
  playerIds: string[];
  teeTime: string | null;
  startingHole: number | null;
  label: 'A' | 'B' | null;
}

export function sheetOf(p: Pairings): SheetGroup[] {
  return p.groups.map((g) => ({ playerIds: [...g.playerIds], teeTime: g.teeTime, startingHole: g.startingHole, label: g.label }));
}

/** Ids written as names in a sentence of the domain or the server ("player k3… is in group 2" → "Ann Byrne …"). */
export function withNames(text: string, names: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [id, name] of names) if (out.includes(id)) out = out.split(id).join(name);
  return out.replace(/^player /, '');
}

/**
 * The sheet after `op`, by the shared swap rules (sizes 2–6, different groups…), or why it cannot be done. Group
 * numbers in `op` count from 1 in tee order, as the API's do. Swapping tee times keeps the players and trades the
 * two groups' places.
 */
export function applyOp(sheet: readonly SheetGroup[], op: SheetOp): { sheet: SheetGroup[] } | { problem: string } {
  const groups = sheet.map((g) => g.playerIds);
  if (op.op === 'swap_groups' && op.exchange === 'tee_times') {
    const [i, j] = [op.groupA - 1, op.groupB - 1];
    if (i === j) return { problem: `group ${op.groupA} cannot be swapped with itself` };
    if (!sheet[i] || !sheet[j]) return { problem: `there is no group ${!sheet[i] ? op.groupA : op.groupB}` };
    return {
      sheet: sheet.map((g, k) => {
        const other = k === i ? sheet[j]! : k === j ? sheet[i]! : g;
        return { playerIds: g.playerIds, teeTime: other.teeTime, startingHole: other.startingHole, label: other.label };
      }),
    };
  }
  const r =
    op.op === 'move_player' ? movePlayer(groups, op.playerId, op.toGroup - 1) : op.op === 'swap_players' ? swapPlayers(groups, op.playerA, op.playerB) : swapGroups(groups, op.groupA - 1, op.groupB - 1);
  if (r.problem) return { problem: r.problem };
  return { sheet: sheet.map((g, k) => ({ ...g, playerIds: r.groups[k]! })) };
}

/**
 * What a drop of sortablejs means. A player dropped into another group moves there (Move Player); dropped back into
 * its own group it changes nothing (order within a group means nothing to the sheet). A group dragged onto another
 * group's place trades players with it (Swap Groups: the places and their tee times stay).
 */
export function dropOp(drop: { kind: 'player'; playerId: string; fromGroup: number; toGroup: number } | { kind: 'group'; from: number; to: number }): SheetOp | null {
  if (drop.kind === 'player') return drop.fromGroup === drop.toGroup ? null : { op: 'move_player', playerId: drop.playerId, toGroup: drop.toGroup + 1 };
  return drop.from === drop.to ? null : { op: 'swap_groups', groupA: drop.from + 1, groupB: drop.to + 1, exchange: 'players' };
}

/** The rules the sheet breaks now, with names (shared `brokenRules`, as the server computes them). */
export function sheetBreaks(sheet: readonly SheetGroup[], rules: readonly SchedRule[], names: ReadonlyMap<string, string>): RuleBreak[] {
  return brokenRules(
    sheet.map((g) => g.playerIds),
    rules,
    names,
  );
}

export interface SheetFairness {
  overall: number;
  /** Lowest score first. */
  players: (PlayerFairness & { name: string })[];
  /** Rounds counted: those of the trip with groups, this one as the sheet stands. */
  rounds: number;
}

/**
 * Early/late and front/back starts per player, and the fairness score (shared `fairnessReport`, the one behind
 * `GET /events/:id/fairness`), over every round of the trip that has groups: the other rounds as stored, this one as
 * the sheet stands now, so a drag shows its effect at once.
 */
export function sheetFairness(sheet: readonly SheetGroup[], roundId: string, rounds: readonly Round[], names: ReadonlyMap<string, string>): SheetFairness {
  const others: FairnessRound[] = rounds
    .filter((r) => r.id !== roundId && r.groups.length > 0)
    .map((r) => ({ groups: r.groups.map((g) => g.playerIds), starts: r.groups.map((g) => ({ time: g.teeTime ?? null, hole: g.startingHole ?? null })) }));
  const here: FairnessRound = { groups: sheet.map((g) => g.playerIds), starts: sheet.map((g) => ({ time: g.teeTime, hole: g.startingHole })) };
  const current = new Set(sheet.flatMap((g) => g.playerIds));
  const report = fairnessReport([...others, here]);
  const players = report.players
    .filter((p) => current.has(p.playerId))
    .map((p) => ({ ...p, name: names.get(p.playerId) ?? p.playerId }))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  const overall = players.length ? Math.round((players.reduce((s, p) => s + p.score, 0) / players.length) * 10) / 10 : 100;
  return { overall, players, rounds: others.length + 1 };
}

/** "Group 3 · 08:20 · hole 10B" — how the sheet names a group's place. */
export function groupTitle(g: SheetGroup, index: number): string {
  const parts = [`Group ${index + 1}`];
  if (g.teeTime) parts.push(g.teeTime);
  if (g.startingHole) parts.push(`hole ${g.startingHole}${g.label ?? ''}`);
  return parts.join(' · ');
}

/** Sum of the group's Handicap Indexes, one decimal (null when nobody has one). */
export function handicapTotal(ids: readonly string[], indexOf: ReadonlyMap<string, number | null>): number | null {
  const hs = ids.map((id) => indexOf.get(id)).filter((h): h is number => typeof h === 'number');
  return hs.length ? Math.round(hs.reduce((a, b) => a + b, 0) * 10) / 10 : null;
}
