import { z } from 'zod';

/**
 * Pagination of the lists that grow with a trip (players, expenses, scores, travel, activities, …), one design for
 * all of them:
 *
 * - `limit` (1–500, default 100) is the page size. The default fits a typical trip in one page; a 144-player
 *   field or a long expense log takes a few pages, and a client that needs everything follows `nextCursor`.
 * - `cursor` is opaque: the base64url of `{"k": [...]}`, the sort key of the last item of the previous page.
 *   A cursor this server did not make (garbled, tampered, another shape) is 400 `validation_failed` at
 *   `query.cursor`.
 * - Each list keeps one documented, stable order whose key ends with the item's id, so the key is unique; a page
 *   is "the next `limit` items after the cursor's key". An item added or removed between two pages therefore
 *   neither repeats nor hides any other item, and an item added behind the cursor simply shows on a later page.
 * - The answer carries `nextCursor`: the cursor of the next page, or `null` on the last page.
 */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

/** One part of a sort key: text (ids, ISO times) or a number. */
type KeyPart = string | number;
export type SortKey = KeyPart[];

const KeyParts = z.array(z.union([z.string().max(500), z.number()])).min(1).max(6);
const CursorBody = z.strictObject({ k: KeyParts });

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify({ k: key }), 'utf8').toString('base64url');
}

function decodeCursor(text: string): SortKey | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const parsed = CursorBody.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data.k : undefined;
  } catch {
    return undefined;
  }
}

const Cursor = z
  .string()
  .max(4000)
  .transform((s, ctx) => {
    const key = decodeCursor(s);
    if (key) return key;
    ctx.addIssue({ code: 'custom', message: 'not a cursor this server handed out: pass nextCursor from the previous page unchanged' });
    return z.NEVER;
  })
  .meta({ description: 'Opaque: the `nextCursor` of the previous page. Omit it for the first page.' });

/** The query fields of a paginated list: spread them into the route's query object. */
export const pageFields = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .meta({ description: `Page size, 1–${MAX_PAGE_SIZE}; ${DEFAULT_PAGE_SIZE} when omitted.` }),
  cursor: Cursor.optional(),
};

/** The query of a paginated list without other filters. */
export const PageQuery = z.strictObject(pageFields);
export type PageInput = { limit: number; cursor?: SortKey };

/** The `nextCursor` field of a paginated answer. */
export const nextCursorField = z
  .string()
  .nullable()
  .meta({ description: 'The cursor of the next page, or null on the last page.' });

/** A paginated `{items, nextCursor}` answer of the given item schema. */
export function PageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: nextCursorField });
}

/**
 * Compares two sort keys part by part; `desc` lists the parts ordered newest/largest first. Text compares with
 * `localeCompare`, as the lists sorted before pagination existed, so their documented order is unchanged.
 */
function compareKeys(a: SortKey, b: SortKey, desc: readonly boolean[] = []): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    let c: number;
    if (typeof x === 'number' && typeof y === 'number') c = x < y ? -1 : 1;
    else if (typeof x === 'string' && typeof y === 'string') c = x.localeCompare(y) || (x < y ? -1 : 1);
    else c = typeof x === 'number' ? -1 : 1;
    return desc[i] ? -c : c;
  }
  return a.length - b.length;
}

/**
 * One page of a list: the items in the order of their `key` (each part ascending, or descending where `desc[i]` is
 * true), those after the cursor's key, at most `limit` of them, and the cursor of the next page (`null` when nothing
 * follows). The key must be unique per item (end it with the id).
 */
export function paginate<T>(all: readonly T[], key: (item: T) => SortKey, page: PageInput, desc: readonly boolean[] = []): { items: T[]; nextCursor: string | null } {
  const keyed = all.map((item) => ({ item, k: key(item) })).sort((a, b) => compareKeys(a.k, b.k, desc));
  const after = page.cursor;
  const rest = after ? keyed.filter((e) => compareKeys(e.k, after, desc) > 0) : keyed;
  const slice = rest.slice(0, page.limit);
  const more = rest.length > slice.length;
  return { items: slice.map((e) => e.item), nextCursor: more ? encodeCursor(slice[slice.length - 1]!.k) : null };
}
