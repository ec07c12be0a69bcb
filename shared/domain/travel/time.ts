/**
 * Local date-times of travel: `YYYY-MM-DDTHH:MM` wall-clock times, as printed on a boarding pass or a rental
 * voucher. A time may come with the IANA time zone of its place; then two times are compared as instants, else
 * as the wall-clock times given (the documented fallback: give time zones for flights that cross many zones).
 * Pure: no clock is read.
 */

/** A local time with the time zone of its place, when known. */
export interface PlacedTime {
  local: string;
  timeZone?: string | undefined;
}

/** Minutes since 1970-01-01T00:00 of a wall-clock time, as if it were UTC. */
export function wallMinutes(local: string): number {
  return Date.parse(`${local}:00Z`) / 60_000;
}

/** A wall-clock minute count back to `YYYY-MM-DDTHH:MM`. */
export function fromWallMinutes(minutes: number): string {
  return new Date(minutes * 60_000).toISOString().slice(0, 16);
}

/** The offset of `timeZone` from UTC, in minutes, at the instant `utcMs`. */
export function zoneOffsetMinutes(timeZone: string, utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((wall - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
}

/**
 * UTC minutes of a wall-clock time in a time zone. Two passes settle the offset around a DST change; a time
 * skipped by a spring-forward resolves to the offset after the change.
 * @example utcMinutes('2027-04-10T12:00', 'Europe/Lisbon') === wallMinutes('2027-04-10T11:00')
 */
export function utcMinutes(local: string, timeZone: string): number {
  const wall = wallMinutes(local);
  let guess = wall - zoneOffsetMinutes(timeZone, wall * 60_000);
  guess = wall - zoneOffsetMinutes(timeZone, guess * 60_000);
  return guess;
}

/**
 * Minutes from `a` to `b`: as instants when both time zones are known, else as the wall-clock times given.
 * Positive when `b` is later.
 */
export function minutesBetween(a: PlacedTime, b: PlacedTime): number {
  if (a.timeZone && b.timeZone) return utcMinutes(b.local, b.timeZone) - utcMinutes(a.local, a.timeZone);
  return wallMinutes(b.local) - wallMinutes(a.local);
}

/** The calendar day of a local time. */
export const dayOf = (local: string) => local.slice(0, 10);
