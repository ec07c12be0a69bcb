/**
 * A roster from a spreadsheet, before anything is written: the text parsed by papaparse (a CSV file or cells pasted
 * from a spreadsheet, which arrive tab-separated), columns mapped by their header, each row checked with the schema
 * of `POST /trips/:tripId/players/bulk` (`PlayerInput`), and likely duplicates found, in the file and against the
 * players already on the trip. Pure: the screen shows what this answers and sends what {@link buildImport} builds.
 */
import Papa from 'papaparse';
import { PlayerInput, type PlayerUpdate } from '../../../../shared/schemas/player.js';
import { describeIssue } from '../../../common/form-errors.js';
import type { Player } from '../../api/players.js';

export type StandardField = 'name' | 'firstName' | 'lastName' | 'email' | 'phone' | 'handicapIndex' | 'team' | 'division' | 'flight' | 'role';
/** Where a column goes: a player field, a custom field (by its header), or nowhere (an empty header). */
export type ColumnTarget = { field: StandardField } | { custom: string } | { ignore: true };

/** Headers as organizers write them, squashed (lower case, letters and digits only), by field. */
const HEADERS: Record<StandardField, string[]> = {
  name: ['name', 'player', 'playername', 'fullname', 'golfer', 'golfername'],
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  email: ['email', 'emailaddress', 'mail', 'email1'],
  phone: ['phone', 'mobile', 'cell', 'phonenumber', 'mobilephone', 'cellphone', 'tel', 'telephone'],
  handicapIndex: ['handicapindex', 'hi', 'hcp', 'hcpindex', 'handicap', 'index', 'hdcp', 'hdcpindex', 'whs', 'whsindex'],
  team: ['team', 'side'],
  division: ['division', 'div'],
  flight: ['flight'],
  role: ['role', 'organizer'],
};

const squash = (h: string) => h.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]/g, '');

/** Maps each header to a player field; other columns become custom fields named by their header. */
export function mapColumns(headers: readonly string[]): ColumnTarget[] {
  const taken = new Set<StandardField>();
  return headers.map((raw) => {
    const h = squash(raw);
    if (!h) return { ignore: true };
    const field = (Object.keys(HEADERS) as StandardField[]).find((f) => HEADERS[f].includes(h));
    if (field && !taken.has(field)) {
      taken.add(field);
      return { field };
    }
    return { custom: raw.trim().slice(0, 40) };
  });
}

export const FIELD_LABELS: Record<StandardField, string> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  handicapIndex: 'Handicap Index',
  team: 'Team',
  division: 'Division',
  flight: 'Flight',
  role: 'Role',
};

export interface ParsedSheet {
  headers: string[];
  columns: ColumnTarget[];
  /** The data rows, each as long as the headers. */
  rows: string[][];
  /** What papaparse could not read (a quote left open…), in words. */
  problems: string[];
}

/** Parses a CSV file or a spreadsheet paste (the delimiter is detected: comma, semicolon or tab); the first row names the columns. */
export function parseSheet(text: string): ParsedSheet {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', delimitersToGuess: ['\t', ',', ';', '|'] });
  const [headerRow = [], ...data] = result.data;
  const headers = headerRow.map((h) => h.trim());
  const problems = result.errors.filter((e) => e.code !== 'UndetectableDelimiter').map((e) => `${e.message}${typeof e.row === 'number' ? ` (line ${e.row + 1})` : ''}`);
  return { headers, columns: mapColumns(headers), rows: data.map((r) => headers.map((_, i) => (r[i] ?? '').trim())), problems };
}

/**
 * A Handicap Index as written in a sheet: `12.4`, `12,4`, a plus handicap `+2.1` (stored as -2.1, as the API
 * takes it); undefined when empty, NaN when not a number.
 */
export function readHandicap(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (!t) return undefined;
  if (!/^[+-]?\d+(\.\d+)?$/.test(t)) return Number.NaN;
  return t.startsWith('+') ? -Number(t.slice(1)) : Number(t);
}

const ROLE_WORDS: Record<string, 'player' | 'organizer'> = { organizer: 'organizer', organiser: 'organizer', yes: 'organizer', y: 'organizer', x: 'organizer', true: 'organizer', player: 'player', no: 'player', n: 'player', false: 'player' };

export interface RosterRow {
  /** 0-based index among the data rows; the sheet's line is `index + 2` (after the header). */
  index: number;
  /** The player as read (empty cells left out), whether or not it is valid. */
  input: Record<string, unknown>;
  /** Valid: the player as the bulk route takes it. */
  player?: PlayerInput;
  /** Why the row cannot be imported, in words, by field label. */
  problems: string[];
}

/** One data row as a player, checked with the bulk route's row schema. */
export function readRow(cells: readonly string[], columns: readonly ColumnTarget[], index: number): RosterRow {
  const input: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  let first = '';
  let last = '';
  columns.forEach((c, i) => {
    const v = (cells[i] ?? '').trim();
    if (!v || 'ignore' in c) return;
    if ('custom' in c) {
      fields[c.custom] = v;
      return;
    }
    switch (c.field) {
      case 'firstName':
        first = v;
        break;
      case 'lastName':
        last = v;
        break;
      case 'handicapIndex':
        input.handicapIndex = readHandicap(v);
        break;
      case 'email':
        input.email = v.toLowerCase();
        break;
      case 'role':
        input.role = ROLE_WORDS[v.toLowerCase()] ?? v;
        break;
      default:
        input[c.field] = v;
    }
  });
  if (!input.name && (first || last)) input.name = `${first} ${last}`.trim();
  if (Object.keys(fields).length) input.fields = fields;
  const parsed = PlayerInput.safeParse(input);
  if (parsed.success) return { index, input, player: parsed.data, problems: [] };
  const labels: Record<string, string> = { ...FIELD_LABELS, fields: 'Custom fields' };
  const problems = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    if (key === 'handicapIndex' && Number.isNaN(input.handicapIndex)) return 'Handicap Index: not a number (write it like 12.4, or +2.1 for a plus handicap).';
    if (key === 'name' && !input.name) return 'Name: missing (every player needs a name).';
    const where = key === 'fields' && issue.path[1] ? `Custom field “${String(issue.path[1])}”` : labels[key] ?? key;
    return `${where}: ${describeIssue({ ...issue, path: issue.path as (string | number)[] } as never, labels)}`;
  });
  return { index, input, problems: [...new Set(problems)] };
}

/** A name for comparing: lower case, no accents or punctuation, "Smith, Bob" read as "bob smith". */
export function normalizeName(name: string): string {
  let n = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
  const comma = /^([^,]+),\s*(.+)$/.exec(n);
  if (comma) n = `${comma[2]} ${comma[1]}`;
  return n.replace(/[^a-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Levenshtein distance (insertions, deletions, substitutions), two rows at a time. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Whether two names are likely one person: equal once normalized (also with the words in another order), or within
 * an edit distance of 2 ("Bob Smith" and "Bob Smyth"); short names need to be closer (1 under 8 letters, none under
 * 5), so "Al Li" and "Bo Li" are not flagged.
 */
export function nameMatch(a: string, b: string): 'same' | 'near' | null {
  const x = normalizeName(a);
  const y = normalizeName(b);
  if (!x || !y) return null;
  if (x === y) return 'same';
  const sorted = (s: string) => s.split(' ').sort().join(' ');
  if (sorted(x) === sorted(y)) return 'same';
  const shorter = Math.min(x.length, y.length);
  const allowed = shorter < 5 ? 0 : shorter < 8 ? 1 : 2;
  return allowed > 0 && editDistance(x, y) <= allowed ? 'near' : null;
}

export type MatchTarget = { player: Player } | { row: number };
export interface DuplicateMatch {
  target: MatchTarget;
  /** Why they look like one person. */
  reason: 'same email' | 'same name' | 'similar name';
}

/**
 * The likeliest duplicate of each row, if any: a player already on the trip first, else an earlier row of the
 * sheet. Same email (any case) beats same name beats a similar name. Rows that cannot be read are not compared.
 */
export function findDuplicates(rows: readonly RosterRow[], existing: readonly Player[]): Map<number, DuplicateMatch> {
  const out = new Map<number, DuplicateMatch>();
  const rank = { 'same email': 0, 'same name': 1, 'similar name': 2 } as const;
  const compare = (row: RosterRow, other: { name: string; email?: string | undefined }): DuplicateMatch['reason'] | null => {
    const email = row.player?.email?.toLowerCase();
    if (email && other.email && other.email.toLowerCase() === email) return 'same email';
    const m = nameMatch(row.player!.name, other.name);
    return m === 'same' ? 'same name' : m === 'near' ? 'similar name' : null;
  };
  rows.forEach((row, i) => {
    if (!row.player) return;
    let best: DuplicateMatch | undefined;
    const consider = (target: MatchTarget, other: { name: string; email?: string | undefined }) => {
      const reason = compare(row, other);
      if (reason && (!best || rank[reason] < rank[best.reason])) best = { target, reason };
    };
    for (const p of existing) consider({ player: p }, p);
    if (!best) for (let j = 0; j < i; j++) if (rows[j]!.player) consider({ row: j }, rows[j]!.player!);
    if (best) out.set(i, best);
  });
  return out;
}

export type RowDecision = 'add' | 'merge' | 'skip';

/** What an import will write: one bulk body, and what it will do in numbers. */
export interface ImportPlan {
  players: PlayerInput[];
  updates: PlayerUpdate[];
  /** Rows left out: bad ones and those the organizer chose to skip. */
  skipped: number;
  /** Rows merged into another row or an existing player. */
  merged: number;
}

/** A row's non-empty fields over a player's (the name stays the target's; custom fields are combined). */
function mergeFields<T extends { fields?: Record<string, string | number> | undefined }>(target: T, row: PlayerInput): T {
  const { name: _name, fields, ...rest } = row;
  const next = { ...target, ...rest } as T;
  if (fields) next.fields = { ...(target.fields ?? {}), ...fields };
  return next;
}

/**
 * The bulk body of an import: valid rows added, skipped rows left out, merged rows folded into the player they
 * duplicate. A row merged into an earlier row makes one player of both (or one change, when that row itself
 * merges into a player on the trip); merging into a row that is not imported imports the row itself.
 */
export function buildImport(rows: readonly RosterRow[], duplicates: ReadonlyMap<number, DuplicateMatch>, decisions: ReadonlyMap<number, RowDecision>, existing: readonly Player[]): ImportPlan {
  const creates = new Map<number, PlayerInput>();
  /** Existing players as they will be after the merges, by id. */
  const pending = new Map<string, Player>();
  /** Where each imported row went: a new player (its row) or an existing one (its id). */
  const went = new Map<number, { row: number } | { id: string }>();
  let skipped = 0;
  let merged = 0;
  const byId = new Map(existing.map((p) => [p.id, p]));
  const mergeInto = (id: string, row: PlayerInput) => pending.set(id, mergeFields(pending.get(id) ?? byId.get(id)!, row));
  rows.forEach((row, i) => {
    if (!row.player) {
      skipped++;
      return;
    }
    const dup = duplicates.get(i);
    const decision = dup ? (decisions.get(i) ?? 'merge') : 'add';
    if (decision === 'skip') {
      skipped++;
      return;
    }
    if (decision === 'merge' && dup) {
      const target = 'player' in dup.target ? { id: dup.target.player.id } : went.get(dup.target.row);
      if (target && 'id' in target) {
        mergeInto(target.id, row.player);
        went.set(i, target);
        merged++;
        return;
      }
      if (target && 'row' in target) {
        creates.set(target.row, mergeFields(creates.get(target.row)!, row.player));
        went.set(i, target);
        merged++;
        return;
      }
    }
    creates.set(i, row.player);
    went.set(i, { row: i });
  });
  // Only what differs from the player now is sent.
  const keys = ['email', 'phone', 'handicapIndex', 'team', 'division', 'flight', 'role', 'fields'] as const;
  const updates: PlayerUpdate[] = [];
  for (const [id, next] of pending) {
    const before = byId.get(id)!;
    const change: Record<string, unknown> = {};
    for (const k of keys) if (JSON.stringify(next[k]) !== JSON.stringify(before[k])) change[k] = next[k];
    if (Object.keys(change).length) updates.push({ id, ...change } as PlayerUpdate);
  }
  return { players: [...creates.values()], updates, skipped, merged };
}
