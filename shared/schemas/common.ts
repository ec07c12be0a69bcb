import { z } from 'zod';

/**
 * Short random identifier used for every record (trip, player, round, …).
 * Lowercase letters and digits only, so that `trip-<id>` is a legal CouchDB database name
 * (CouchDB: "must begin with a lowercase letter, and may contain lowercase letters, digits and _$()+-/").
 * @example "k3v9q2m8x1c7w4z6a0bd"
 */
export const Id = z
  .string()
  .regex(/^[a-z][a-z0-9]{5,39}$/, 'must be 6–40 lowercase letters or digits, starting with a letter');
export type Id = z.infer<typeof Id>;

/** A calendar date, ISO 8601 `YYYY-MM-DD`, checked to be a real day. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isRealDate, 'must be a real calendar date');
export type IsoDate = z.infer<typeof IsoDate>;

/** A local wall-clock time `HH:MM` (24 h), interpreted in the trip's time zone. */
export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (24 h)');

/** An instant, ISO 8601 with offset or Z. */
export const Instant = z.iso.datetime({ offset: true });

/**
 * IANA time zone name, checked against the runtime's time zone database. An unknown zone aborts: no rule of the
 * enclosing object (comparing times across zones, say) runs on a zone that does not exist.
 */
export const TimeZone = z
  .string()
  .min(1)
  .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/Dublin', abort: true });

/** ISO 4217 currency code, checked against the runtime's list. */
export const Currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
  .refine(isCurrency, 'must be a known ISO 4217 currency code');

/** Money in integer minor units (cents). No floats for money anywhere. */
export const Cents = z.number().int('must be whole cents').safe();

/**
 * The largest amount one entry may carry: 100,000,000.00 in the trip's currency (10^10 cents). Far above any golf
 * trip's expense, stake or entry fee, and low enough that every total the server computes from such amounts (a pot
 * of 200 entries, thousands of expenses, an amount times an exchange rate) stays an exact integer below 2^53.
 */
export const MAX_AMOUNT_CENTS = 10_000_000_000;

/** An amount a person enters: {@link Cents} up to {@link MAX_AMOUNT_CENTS}. */
export const AmountCents = Cents.max(MAX_AMOUNT_CENTS, 'must be at most 100,000,000.00 (10000000000 cents)');

export const Email = z.email().max(254);
export const Phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()./-]{5,25}$/, 'must be a phone number');

/** World Handicap System Handicap Index range: plus 10 (written −10) to 54.0. */
export const HandicapIndex = z
  .number()
  .min(-10, 'a Handicap Index is at least +10 (written -10)')
  .max(54, 'a Handicap Index is at most 54.0')
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, 'a Handicap Index has at most one decimal place');

/** Query parameters of a paginated list. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** The shape of every paginated list response. */
export function Page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  });
}

/** Fields every stored document carries (the storage convention: a `type`, the id `<type>:<id>`, timestamps). */
export const DocBase = z.object({
  _id: z.string(),
  _rev: z.string().optional(),
  type: z.string(),
  createdAt: Instant,
  updatedAt: Instant,
});

export function isRealDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.includes('/') || tz === 'UTC';
  } catch {
    return false;
  }
}

let currencies: Set<string> | undefined;
export function isCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

/** Whole days from `a` to `b` (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** `date` shifted by `days`, YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
