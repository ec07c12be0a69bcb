/** What the Pairings forms turn into request bodies: pure, so it is unit-tested (test/web/pairings-sheet.test.ts). */

/** "1, 10, 18" → [1, 10, 18]; what is not a number stays, for the schema to refuse at the field. */
export function parseHoles(text: string): unknown[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((t) => (/^\d+$/.test(t) ? Number(t) : t));
}

export interface WindowRow {
  label: string;
  firstTime: string;
  lastTime: string;
  intervalMinutes: string;
}
export interface CourseRow {
  name: string;
  holes: string;
  windows: WindowRow[];
}

/** The form's courses as the request's (`c1`, `w1`… as ids). */
export function coursesBody(rows: CourseRow[]) {
  return rows.map((c, i) => ({
    id: `c${i + 1}`,
    name: c.name.trim(),
    startingHoles: parseHoles(c.holes),
    windows: c.windows.map((w, k) => ({ id: `w${k + 1}`, label: w.label.trim(), firstTime: w.firstTime, lastTime: w.lastTime, intervalMinutes: w.intervalMinutes.trim() === '' ? undefined : Number(w.intervalMinutes) })),
  }));
}


/** The problems of a list field and of each of its items (`shotgun.priorityHoles` and `shotgun.priorityHoles.1`), for one field that shows the list. */
export function errorsUnder(errors: Readonly<Record<string, string[]>>, key: string): string[] | undefined {
  const all = Object.entries(errors)
    .filter(([k]) => k === key || (k.startsWith(`${key}.`) && /^\d+$/.test(k.slice(key.length + 1))))
    .flatMap(([, v]) => v);
  return all.length ? [...new Set(all)] : undefined;
}
