/**
 * Days and local times as the Travel, Activities and Availability tabs show them. The API's times are local
 * wall-clock times (`YYYY-MM-DDTHH:MM`) with no offset: they are shown as written, never moved to the browser's zone.
 */
const short = new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });

/** "Sat 11 Apr" for `2027-04-11`. */
export const shortDay = (iso: string) => short.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)).replace(',', '');

/** "14:05" for `2027-04-11T14:05`. */
export const timeOf = (local: string) => local.slice(11, 16);

/** "Sat 11 Apr, 14:05". */
export const dayAndTime = (local: string) => `${shortDay(local)}, ${timeOf(local)}`;

/** Each day from `from` to `to` (both `YYYY-MM-DD`), both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`) && out.length < 400; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** A name for a player id (the id itself when the player is gone). */
export const nameIn = (names: Map<string, string>) => (id: string | null | undefined) => (id ? (names.get(id) ?? 'A removed player') : '—');
