/**
 * Rows copied from a course's scorecard (a spreadsheet, a PDF, a web page), pasted into the course editor: each line
 * is a row of the card — par, stroke index, one tee's hole lengths, or one tee's ratings — with or without its label
 * ("Par", "HCP", "SI", "Blue"). Numbers may be separated by tabs, spaces, commas or semicolons, as copying gives them.
 *
 * A line's row is its label when it has one ("Par"; "HCP", "Hdcp", "Handicap", "SI", "S.I.", "Index", "Stroke
 * index"; anything else names a tee), or else what its numbers can only be: 3–6 on every hole is par, 30 or more is
 * a tee's lengths, 1–18 each once is stroke index, and two or three numbers ("72.1 131", "72.1/131 72") are a tee's
 * Course Rating, Slope Rating and optionally par. A card's Out / In / Total columns are dropped when they are the sums
 * of the holes. A line starting "Hole" (the card's hole numbers) is skipped.
 *
 * Everything is checked before anything changes: a paste with one wrong row changes nothing and says which row is
 * wrong and why (wrong count, not a number, a par outside 3–6, stroke indexes not each of 1–18 once, a hole length
 * outside 30–900, a rating outside what the API takes).
 */
import { blankTee, type CourseValues, type HoleValues, type TeeValues } from './course-values.js';

/** Where a paste landed: the paste box (whole rows), or a hole's cell (its row, and its nine when 9 numbers come). */
export interface PasteTarget {
  /** The row of the cell pasted into; a single line without a label fills it. */
  row?: { kind: 'par' } | { kind: 'strokeIndex' } | { kind: 'lengths'; tees: number[] };
  /** The first hole of the nine the cell is in (0 or 9), when the course has 18 holes. */
  nineStart?: number;
}

export type PasteResult = { ok: true; values: CourseValues; filled: string[] } | { ok: false; problem: string };

type Row = { kind: 'par'; label: string; numbers: number[] } | { kind: 'strokeIndex'; label: string; numbers: number[] } | { kind: 'lengths'; label: string; tee: string; numbers: number[] } | { kind: 'ratings'; label: string; tee: string; numbers: number[] };

const SI_LABEL = /\b(hcp|hdcp|hdc|handicap|index|si|s\.\s?i\.?|stroke|stroke\s+index|hole\s+index)\b/i;
const PAR_LABEL = /\bpar\b/i;
const HOLE_LABEL = /^(hole|holes|no\.?|#)\b/i;

/** The tee a label names: "Blue tees (yds)" → "Blue". */
export function teeNameOf(label: string): string {
  return label
    .replace(/\((yds?|yards|m|metres|meters)\)/gi, '')
    .replace(/\b(tees?|yardages?|yards|yds?|lengths?|metres|meters|distances?)\b/gi, '')
    .replace(/[:\s]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const sum = (ns: number[]) => ns.reduce((s, n) => s + n, 0);

/** Drops a card's Out / In / Total cells, only where they are exactly the sums of the holes before them. */
function withoutTotals(ns: number[]): number[] {
  const front = (a: number[]) => sum(a.slice(0, 9));
  if (ns.length === 21 && ns[9] === front(ns) && ns[19] === sum(ns.slice(10, 19)) && ns[20] === ns[9]! + ns[19]!) return [...ns.slice(0, 9), ...ns.slice(10, 19)];
  if (ns.length === 20 && ns[9] === front(ns) && ns[19] === sum(ns.slice(10, 19))) return [...ns.slice(0, 9), ...ns.slice(10, 19)];
  if (ns.length === 19 && ns[18] === sum(ns.slice(0, 18))) return ns.slice(0, 18);
  if (ns.length === 11 && ns[9] === front(ns) && ns[10] === ns[9]) return ns.slice(0, 9);
  if (ns.length === 10 && ns[9] === front(ns)) return ns.slice(0, 9);
  return ns;
}

/** One line: its label (the words before the first number) and its numbers; a word among the numbers is a problem. */
function splitLine(line: string): { label: string; numbers: number[] } | { problem: string } {
  const tokens = line.split(/[\t;,/]+|\s+/).map((t) => t.trim()).filter((t) => t !== '' && t !== '-' && t !== '–' && t !== '—');
  const label: string[] = [];
  const numbers: number[] = [];
  for (const t of tokens) {
    const n = /^[+-]?\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
    if (Number.isFinite(n)) numbers.push(n);
    else if (numbers.length === 0) label.push(t);
    else if (/^(out|in|tot|total|back|front|sum)$/i.test(t)) continue;
    else return { problem: `“${t}” is not a number` };
  }
  return { label: label.join(' '), numbers };
}

const describe = (r: { label: string }, kind: string) => (r.label ? `The “${r.label}” row` : `The ${kind} row`);

/** The row a line is, by its label or, without one, by its numbers. */
function classify(label: string, numbers: number[], fallback: PasteTarget['row'] | undefined): Row | { problem: string } {
  if (PAR_LABEL.test(label)) return { kind: 'par', label, numbers };
  if (SI_LABEL.test(label)) return { kind: 'strokeIndex', label, numbers };
  if (fallback && !label) {
    if (fallback.kind === 'lengths') return { kind: 'lengths', label, tee: '', numbers };
    return { kind: fallback.kind, label, numbers };
  }
  if (numbers.length >= 2 && numbers.length <= 3) return { kind: 'ratings', label, tee: teeNameOf(label), numbers };
  if (label) return { kind: 'lengths', label, tee: teeNameOf(label), numbers };
  if (numbers.every((n) => n >= 3 && n <= 6)) return { kind: 'par', label, numbers };
  if (numbers.every((n) => n >= 30)) return { kind: 'lengths', label, tee: '', numbers };
  if (numbers.every((n) => n >= 1 && n <= 18) && new Set(numbers).size === numbers.length) return { kind: 'strokeIndex', label, numbers };
  return { problem: `A row of ${numbers.join(' ')} is not par (3–6 a hole), stroke index (1–18, each once) or yardage: start it with its name from the card, such as “Par”, “HCP” or “Blue”.` };
}

const ODD = [1, 3, 5, 7, 9, 11, 13, 15, 17];
const EVEN = ODD.map((n) => n + 1);
const NINE = ODD.map((_, i) => i + 1);
const sameSet = (ns: number[], set: number[]) => [...ns].sort((a, b) => a - b).every((v, i) => v === set[i]) && ns.length === set.length;

/** What is wrong with a row of holes, or nothing. `count` holes, filling a whole course of `total` holes or one nine of it. */
function holeRowProblem(r: Row, count: number, total: number): string | undefined {
  const name = describe(r, r.kind === 'par' ? 'par' : r.kind === 'strokeIndex' ? 'stroke index' : 'yardage');
  const ns = r.numbers;
  const bad = (test: (n: number) => boolean) => ns.findIndex((n) => !test(n));
  if (r.kind === 'par') {
    const i = bad((n) => Number.isInteger(n) && n >= 3 && n <= 6);
    if (i >= 0) return `${name}: par is 3 to 6 on every hole, and the ${ordinal(i)} number is ${ns[i]}.`;
  }
  if (r.kind === 'lengths') {
    const i = bad((n) => Number.isInteger(n) && n >= 30 && n <= 900);
    if (i >= 0) return `${name}: a hole is 30 to 900 long in whole yards or metres, and the ${ordinal(i)} number is ${ns[i]}.`;
  }
  if (r.kind === 'strokeIndex') {
    const i = bad((n) => Number.isInteger(n) && n >= 1 && n <= 18);
    if (i >= 0) return `${name}: stroke indexes are 1 to 18, and the ${ordinal(i)} number is ${ns[i]}.`;
    const twice = ns.find((n, j) => ns.indexOf(n) !== j);
    if (twice !== undefined) return `${name}: each stroke index is used once, and ${twice} is there twice.`;
    if (count === 18 && !sameSet(ns, Array.from({ length: 18 }, (_, j) => j + 1))) return `${name}: an 18-hole course uses each stroke index 1 to 18 once.`;
    if (count === 9 && total === 9 && ![NINE, ODD, EVEN].some((set) => sameSet(ns, set))) {
      return `${name}: a 9-hole course uses stroke indexes 1 to 9, or the odd (1, 3 … 17) or even (2, 4 … 18) ones of an 18-hole card; these are ${[...ns].sort((a, b) => a - b).join(', ')}.`;
    }
  }
  return undefined;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];
const ordinal = (i: number) => ORDINALS[i] ?? `${i + 1}th`;

function ratingsProblem(r: Row & { kind: 'ratings' }, holes: number): string | undefined {
  const name = describe(r, 'tee ratings');
  const [cr, slope, par] = r.numbers as [number, number, number | undefined];
  if (!(cr >= 20 && cr <= 90)) return `${name}: a Course Rating is 20 to 90 strokes (${holes === 9 ? 'about 30–45 for 9 holes' : 'about 60–80 for 18 holes'}), not ${cr}. Give the Course Rating, then the Slope Rating.`;
  if (!(Number.isInteger(slope) && slope >= 55 && slope <= 155)) return `${name}: a Slope Rating is a whole number 55 to 155, not ${slope}.`;
  if (par !== undefined && !(Number.isInteger(par) && par >= 27 && par <= 80)) return `${name}: a tee's par is 27 to 80, not ${par}.`;
  return undefined;
}

const key = (name: string) => name.trim().toLowerCase();
const hasContent = (t: TeeValues) => !!(t.name.trim() || t.courseRating.trim() || t.slope.trim() || t.lengths?.some((l) => l.trim()));

/**
 * The course with the pasted rows filled in, and what was filled ("par", "stroke index", "Blue yardages"), or the
 * first problem, with nothing changed.
 */
export function pasteRows(values: CourseValues, text: string, target: PasteTarget = {}): PasteResult {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length === 0) return { ok: false, problem: 'Nothing to fill: copy rows of the scorecard (par, stroke index, yardages) and paste them here.' };
  const total = values.holes.length;
  const rows: Row[] = [];
  for (const line of lines) {
    if (HOLE_LABEL.test(line)) continue;
    const split = splitLine(line);
    if ('problem' in split) return { ok: false, problem: `${lines.length > 1 ? `In “${line.slice(0, 40)}”: ` : ''}${split.problem}. Paste rows of numbers from the card.` };
    if (split.numbers.length === 0) continue; // a line of words only (a heading)
    const row = classify(split.label, split.numbers, lines.length === 1 ? target.row : undefined);
    if ('problem' in row) return { ok: false, problem: row.problem };
    if (row.kind !== 'ratings') row.numbers = withoutTotals(row.numbers);
    rows.push(row);
  }
  if (rows.length === 0) return { ok: false, problem: 'Nothing to fill: the paste has no rows of numbers.' };

  // One count for every row of holes: the whole course, or (pasted into a cell of an 18-hole course) that cell's nine.
  let start = 0;
  let count = total;
  const holeRows = rows.filter((r) => r.kind !== 'ratings');
  if (holeRows.length && total === 18 && target.nineStart !== undefined && holeRows.every((r) => r.numbers.length === 9)) {
    start = target.nineStart;
    count = 9;
  }
  for (const r of holeRows) {
    if (r.numbers.length !== count) {
      const name = describe(r, r.kind === 'par' ? 'par' : r.kind === 'strokeIndex' ? 'stroke index' : 'yardage');
      const more =
        total === 18 && target.nineStart !== undefined ? `, or 9 for holes ${target.nineStart + 1}–${target.nineStart + 9}` : total === 18 && r.numbers.length === 9 ? ' (or paste a nine into its first cell, hole 1 or hole 10)' : total === 9 && r.numbers.length === 18 ? ' (or choose 18 holes above)' : '';
      return { ok: false, problem: `${name} has ${r.numbers.length} numbers; this course has ${total} holes: paste a row of ${total}${more}.` };
    }
    const problem = holeRowProblem(r, count, total);
    if (problem) return { ok: false, problem };
  }
  for (const r of rows) if (r.kind === 'ratings') {
    const problem = ratingsProblem(r, total);
    if (problem) return { ok: false, problem };
  }
  for (const kind of ['par', 'strokeIndex'] as const) {
    const same = rows.filter((r) => r.kind === kind);
    if (same.length > 1) return { ok: false, problem: `The paste has ${same.length} ${kind === 'par' ? 'par' : 'stroke index'} rows (${same.map((r) => `“${r.label || r.numbers.slice(0, 3).join(' ')}…”`).join(', ')}): paste one.` };
  }

  // Everything checks: fill in.
  let holes: HoleValues[] = values.holes.map((h) => ({ ...h }));
  let tees: TeeValues[] = values.tees.map((t) => ({ ...t, lengths: t.lengths ? [...t.lengths] : undefined }));
  const filled: string[] = [];
  const put = (row: number[], k: 'par' | 'strokeIndex') => {
    row.forEach((n, j) => (holes[start + j] = { ...holes[start + j]!, [k]: String(n) }));
  };
  /** The tees a row is for: those of its name; else the next unnamed tee (or the cell's row); else a new tee. */
  let nextUnnamed = 0;
  const used = new Set<number>();
  const teesFor = (name: string, kind: 'lengths' | 'ratings'): number[] | string => {
    if (name) {
      const named = tees.flatMap((t, i) => (key(t.name) === key(name) ? [i] : []));
      if (named.length) return kind === 'ratings' ? [named.find((i) => !used.has(i)) ?? named[0]!] : named;
      const blank = tees.findIndex((t, i) => !used.has(i) && !hasContent(t));
      if (blank >= 0) {
        tees[blank] = { ...tees[blank]!, name };
        return [blank];
      }
    } else {
      if (lines.length === 1 && target.row?.kind === 'lengths') return target.row.tees;
      while (nextUnnamed < tees.length && used.has(nextUnnamed)) nextUnnamed++;
      if (nextUnnamed < tees.length) return [nextUnnamed++];
    }
    if (tees.length >= 20) return 'A course has at most 20 tees.';
    tees = [...tees, { ...blankTee(), name }];
    return [tees.length - 1];
  };
  for (const r of rows) {
    if (r.kind === 'par' || r.kind === 'strokeIndex') {
      put(r.numbers, r.kind);
      filled.push(r.kind === 'par' ? 'par' : 'stroke index');
      continue;
    }
    const which = teesFor(r.tee, r.kind);
    if (typeof which === 'string') return { ok: false, problem: which };
    which.forEach((i) => used.add(i));
    const teeName = tees[which[0]!]!.name.trim() || `tee ${which[0]! + 1}`;
    for (const i of which) {
      const t = tees[i]!;
      if (r.kind === 'lengths') {
        const lengths = Array.from({ length: total }, (_, j) => t.lengths?.[j] ?? '');
        r.numbers.forEach((n, j) => (lengths[start + j] = String(n)));
        tees[i] = { ...t, lengths };
      } else {
        const [cr, slope, par] = r.numbers;
        tees[i] = { ...t, courseRating: String(cr), slope: String(slope), ...(par !== undefined ? { par: String(par) } : {}) };
      }
    }
    filled.push(r.kind === 'lengths' ? `${teeName} ${values.lengthUnit === 'm' ? 'metres' : 'yardages'}` : `${teeName} ratings`);
  }
  holes = holes.slice(0, total);
  return { ok: true, values: { ...values, holes, tees }, filled };
}

/** "par, stroke index and Blue yardages" */
export function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export type NineTwiceResult = { ok: true; values: CourseValues; note: string } | { ok: false; problem: string };

/**
 * A nine-hole course played twice, as 18 holes: holes 10–18 are holes 1–9 again (par and each tee's lengths). Stroke
 * indexes follow the convention for a nine played twice (WHS Rules of Handicapping, Appendix E: on 18 holes the odd
 * indexes go to one nine and the even to the other): holes 1–9 take the odd indexes and holes 10–18 the even ones, in
 * the order of the nine's own ranking — the nine's stroke index 1 becomes 1 going out and 2 coming in, its 9 becomes
 * 17 and 18. A nine that already carries the odd (or even) half of an 18-hole card keeps it, and the second nine takes
 * the other half of each pair. On a course set to 9 holes, each tee's 9-hole Course Rating and par are doubled into
 * 18-hole ones (the Slope Rating stays: it is the same nine).
 */
export function playNineTwice(values: CourseValues): NineTwiceResult {
  const nine = values.holes.slice(0, 9);
  const si = nine.map((h) => Number(h.strokeIndex.trim()));
  const set = [NINE, ODD, EVEN].find((s) => si.every(Number.isInteger) && sameSet(si, s));
  if (!set) return { ok: false, problem: 'Give holes 1–9 their stroke indexes first (1 to 9 each once, or the odd or even ones of the card): holes 10–18 take theirs from them.' };
  const out = set === NINE ? si.map((r) => 2 * r - 1) : set === ODD ? si : si.map((s) => s - 1);
  const back = out.map((s) => s + 1);
  const holes: HoleValues[] = [...nine.map((h, i) => ({ par: h.par, strokeIndex: String(out[i]) })), ...nine.map((h, i) => ({ par: h.par, strokeIndex: String(back[i]) }))];
  const fromNine = values.holes.length === 9;
  const doubled: string[] = [];
  const tees = values.tees.map((t) => {
    const lengths = t.lengths && t.lengths.slice(0, 9).some((l) => l.trim()) ? [...t.lengths.slice(0, 9), ...t.lengths.slice(0, 9)] : t.lengths ? Array.from({ length: 18 }, (_, j) => t.lengths![j % 9] ?? '') : undefined;
    if (!fromNine) return { ...t, lengths };
    const cr = Number(t.courseRating.trim());
    const par = Number(t.par.trim());
    const next = { ...t, lengths };
    if (t.courseRating.trim() && Number.isFinite(cr)) {
      next.courseRating = String(Math.round(cr * 2 * 10) / 10);
      doubled.push(t.name.trim() || 'a tee');
    }
    if (t.par.trim() && Number.isInteger(par)) next.par = String(par * 2);
    return next;
  });
  const note =
    'Holes 10–18 repeat holes 1–9: holes 1–9 take the odd stroke indexes and 10–18 the even ones, the hardest hole 1 going out and 2 coming in.' +
    (doubled.length ? ` The Course Ratings of ${listed(doubled)} are doubled for 18 holes (and any tee par); Slope Ratings stay.` : '');
  return { ok: true, values: { ...values, holes, tees, spare: [] }, note };
}
