/**
 * What the printed pages of a round list, from the round's groups and the server's handicaps: each group's start
 * (time, starting hole, shotgun letters), the starter's order, the alphabetical list. Pure, so each rule is tested
 * on its own (test/web/dashboard-rounds.test.ts).
 */
import { groupTeeTime } from '../../../../shared/domain/tee-start.js';

export interface GroupLike {
  id: string;
  number: number;
  playerIds: string[];
  teeTime?: string | undefined;
  startingHole?: number | undefined;
}

export interface GroupStart {
  groupId: string;
  number: number;
  /**
   * Local tee time ("08:10"): the group's own, or for a shotgun set by starting holes alone, the round's first tee
   * time; null when none is set (the round's first tee time is not every group's).
   */
  time: string | null;
  hole: number;
  /** Whether a starting hole was set for the group (else it is hole 1 by default). */
  holeSet: boolean;
  /**
   * The starting hole as a starter calls it: "1", or with a letter when groups start the same hole at the same set
   * time (a shotgun's 1A, 1B: A tees off first). Groups without a time get no letter.
   */
  holeLabel: string;
}

/**
 * Each group's start, in group order. A group's time is its own tee time; the round's first tee time (`roundStart`)
 * is every group's only for a round of one group or a shotgun given by starting holes alone (groupTeeTime). Otherwise
 * a group without a tee time has none: the round's first tee time is not the time of groups 2, 3 and 4.
 */
export function groupStarts(groups: readonly GroupLike[], roundStart?: string | null): GroupStart[] {
  const base = groups.map((g) => ({
    groupId: g.id,
    number: g.number,
    time: groupTeeTime(groups, g, roundStart),
    hole: g.startingHole ?? 1,
    holeSet: g.startingHole !== undefined,
  }));
  const key = (s: { time: string | null; hole: number }) => `${s.time}|${s.hole}`;
  const count = new Map<string, number>();
  for (const s of base) if (s.time) count.set(key(s), (count.get(key(s)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return base.map((s) => {
    const k = key(s);
    if (!s.time || (count.get(k) ?? 0) < 2) return { ...s, holeLabel: String(s.hole) };
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    return { ...s, holeLabel: `${s.hole}${String.fromCharCode(65 + n)}` };
  });
}

/** The starter's order: by time (groups without one last), then starting hole and letter, then group number. */
export function starterOrder(starts: readonly GroupStart[]): GroupStart[] {
  return [...starts].sort((a, b) => (a.time ?? '~').localeCompare(b.time ?? '~') || a.hole - b.hole || a.holeLabel.localeCompare(b.holeLabel) || a.number - b.number);
}

/**
 * "08:10 · hole 1", "Shotgun 08:30 · hole 4B", "hole 10" — the start in words; null when neither a time nor a
 * starting hole was set (nothing to tell the group yet).
 */
export function startInWords(s: GroupStart, shotgun: boolean): string | null {
  const hole = `hole ${s.holeLabel}`;
  if (shotgun) return `Shotgun${s.time ? ` ${s.time}` : ''} · ${hole}`;
  if (!s.time && !s.holeSet) return null;
  return s.time ? `${s.time} · ${hole}` : hole;
}

/** A shotgun start: every group starts at once, on different holes. */
export function isShotgun(starts: readonly GroupStart[]): boolean {
  return starts.length > 1 && starts.every((s) => s.time !== null) && new Set(starts.map((s) => s.time)).size === 1 && new Set(starts.map((s) => s.hole)).size > 1;
}

export interface AlphaRow {
  playerId: string;
  name: string;
  group: number | null;
  time: string | null;
  hole: string | null;
}

/** Every player once, by name (A–Z, accents and case ignored): their group, tee time and starting hole. */
export function alphaList(players: readonly { playerId: string; name: string }[], groups: readonly GroupLike[], starts: readonly GroupStart[], locale?: string): AlphaRow[] {
  const groupOf = new Map(groups.flatMap((g) => g.playerIds.map((p) => [p, g] as const)));
  const startOf = new Map(starts.map((s) => [s.groupId, s] as const));
  const seen = new Set<string>();
  return players
    .filter((p) => !seen.has(p.playerId) && seen.add(p.playerId))
    .map((p) => {
      const g = groupOf.get(p.playerId);
      const s = g ? startOf.get(g.id) : undefined;
      return { playerId: p.playerId, name: p.name, group: g?.number ?? null, time: s?.time ?? null, hole: s?.holeLabel ?? null };
    })
    .sort((a, b) => a.name.localeCompare(b.name, locale, { sensitivity: 'base' }) || a.playerId.localeCompare(b.playerId));
}

/** The cards to print: one per group, players in group order; players in no group on cards of up to four. */
export function cardsOf<P extends { playerId: string }>(players: readonly P[], groups: readonly GroupLike[]): { group: GroupLike | null; players: P[] }[] {
  const byId = new Map(players.map((p) => [p.playerId, p] as const));
  const cards: { group: GroupLike | null; players: P[] }[] = groups.map((g) => ({ group: g, players: g.playerIds.map((id) => byId.get(id)).filter((p): p is P => !!p) }));
  const grouped = new Set(groups.flatMap((g) => g.playerIds));
  const loose = players.filter((p) => !grouped.has(p.playerId));
  for (let i = 0; i < loose.length; i += 4) cards.push({ group: null, players: loose.slice(i, i + 4) });
  return cards.filter((c) => c.players.length > 0);
}

/** One cart sign: the riders of one cart of a group (two, or one riding alone), and which of the group's carts it is. */
export interface CartOf<P> {
  group: GroupLike | null;
  players: P[];
  /** 1-based, within the group. */
  cart: number;
  carts: number;
}

/**
 * The carts of each card: two riders a cart, partners together. A group's four-ball sides (`sides`: group id → the
 * player ids of each side) make its carts when they cover the group; otherwise the players pair in pairing order
 * (1 and 2, 3 and 4), and the odd one out of a group of three or five rides alone.
 */
export function cartsOf<P extends { playerId: string }>(cards: readonly { group: GroupLike | null; players: P[] }[], sides: ReadonlyMap<string, readonly (readonly string[])[]> = new Map()): CartOf<P>[] {
  return cards.flatMap((card) => {
    const byId = new Map(card.players.map((p) => [p.playerId, p] as const));
    const given = card.group ? sides.get(card.group.id) : undefined;
    const covered = given && given.every((s) => s.length > 0 && s.length <= 2 && s.every((id) => byId.has(id))) && new Set(given.flat()).size === card.players.length;
    const rides: P[][] = covered ? given.map((s) => s.map((id) => byId.get(id)!)) : chunk(card.players, 2);
    return rides.map((players, i) => ({ group: card.group, players, cart: i + 1, carts: rides.length }));
  });
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type Paper = 'a4' | 'letter';
export type PrintDoc = 'scorecards' | 'cart-signs' | 'tee-sheet' | 'alpha';

/** The `@page` rule of a printout: the paper and, for scorecards, landscape (18 holes across). */
export function pageRule(paper: Paper, doc: PrintDoc): string {
  const size = paper === 'a4' ? 'A4' : 'letter';
  const orientation = doc === 'scorecards' ? 'landscape' : 'portrait';
  return `@page { size: ${size} ${orientation}; margin: 10mm; }`;
}

/** The heading every printed page repeats. */
export interface Heading {
  trip: string;
  round: string;
  when: string;
  course: string;
  format: string;
}
