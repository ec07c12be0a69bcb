/**
 * The players list's orders and search (issue 35): in the order added (the server's), by surname as organizers sort
 * a roster, by Handicap Index (lowest first: plus handicaps, then scratch, then the rest; none last), or by team
 * (then surname; no team last). The search finds a player by any part of their name, email or phone in one step.
 */
export type PlayerSort = 'added' | 'name' | 'handicap' | 'team';

export const SORTS: { value: PlayerSort; label: string; caption: string }[] = [
  { value: 'added', label: 'Order added', caption: 'in the order added' },
  { value: 'name', label: 'Surname (A–Z)', caption: 'by surname' },
  { value: 'handicap', label: 'Handicap Index (lowest first)', caption: 'by Handicap Index' },
  { value: 'team', label: 'Team', caption: 'by team' },
];

export const sortOf = (value: string | null): PlayerSort => SORTS.find((s) => s.value === value)?.value ?? 'added';

interface Sortable {
  name: string;
  email?: string | undefined;
  phone?: string | undefined;
  handicapIndex?: number | undefined;
  team?: string | undefined;
}

const SUFFIXES = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv']);

/** "Bob Smith" → "Smith", "Smith, Bob" → "Smith", "Tom Watson Jr." → "Watson"; a one-word name is its own surname. */
export function surnameOf(name: string): string {
  const n = name.trim();
  const comma = n.indexOf(',');
  if (comma > 0) return n.slice(0, comma).trim();
  const words = n.split(/\s+/);
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1]!.toLowerCase())) words.pop();
  return words[words.length - 1] ?? n;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byName = (a: Sortable, b: Sortable) => collator.compare(surnameOf(a.name), surnameOf(b.name)) || collator.compare(a.name, b.name);

/** The players in `sort` order; the order added is the order given (the server's). Stable for ties. */
export function sortPlayers<P extends Sortable>(players: readonly P[], sort: PlayerSort): P[] {
  const indexed = players.map((p, i) => ({ p, i }));
  const tie = (a: { i: number }, b: { i: number }) => a.i - b.i;
  const cmp: Record<PlayerSort, (a: { p: P; i: number }, b: { p: P; i: number }) => number> = {
    added: tie,
    name: (a, b) => byName(a.p, b.p) || tie(a, b),
    handicap: (a, b) => (a.p.handicapIndex ?? Infinity) - (b.p.handicapIndex ?? Infinity) || byName(a.p, b.p) || tie(a, b),
    team: (a, b) => (a.p.team === undefined ? 1 : 0) - (b.p.team === undefined ? 1 : 0) || collator.compare(a.p.team ?? '', b.p.team ?? '') || byName(a.p, b.p) || tie(a, b),
  };
  return indexed.sort(cmp[sort]).map((x) => x.p);
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const digits = (s: string) => s.replace(/\D/g, '');

/** Whether a player matches what was typed: every word of it in their name or email, or the digits in their phone. */
export function matchesSearch(p: Sortable, typed: string): boolean {
  const words = fold(typed).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = fold(`${p.name} ${p.email ?? ''}`);
  if (words.every((w) => text.includes(w))) return true;
  const d = digits(typed);
  return d.length >= 3 && !!p.phone && digits(p.phone).includes(d);
}
