import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeCursor, PageQuery, paginate, type SortKey } from '../../server/http/paginate.js';

/**
 * The page rule itself, over arbitrary lists: keys ascending or descending per part, any page size, items added
 * and removed between pages. Every item present for the whole walk shows exactly once, in the list's order.
 */

type Item = { id: string; at: string; n: number };
const key = (i: Item): SortKey => [i.at, i.n, i.id];
const item = fc.record({ id: fc.stringMatching(/^[a-z][a-z0-9]{5,9}$/), at: fc.constantFrom('2027-04-10', '2027-04-11', '2027-04-12'), n: fc.integer({ min: -3, max: 3 }) });
const list = fc.uniqueArray(item, { selector: (i) => i.id, maxLength: 60 });
const cursorOf = (text: string | null) => (text ? (PageQuery.parse({ cursor: text }).cursor as SortKey) : undefined);

function walk(all: () => Item[], limit: number, desc: boolean[], between: (page: number) => void = () => {}) {
  const seen: Item[] = [];
  let cursor: SortKey | undefined;
  for (let page = 1; page < 500; page++) {
    const r = paginate(all(), key, { limit, cursor }, desc);
    seen.push(...r.items);
    if (!r.nextCursor) return seen;
    expect(r.items).toHaveLength(limit);
    cursor = cursorOf(r.nextCursor);
    between(page);
  }
  throw new Error('did not end');
}

const compare = (desc: boolean[]) => (a: Item, b: Item) => {
  const ka = key(a);
  const kb = key(b);
  for (let i = 0; i < ka.length; i++) {
    const x = ka[i]!;
    const y = kb[i]!;
    if (x === y) continue;
    const c = typeof x === 'number' ? (x < (y as number) ? -1 : 1) : (x as string).localeCompare(y as string) || (x < y ? -1 : 1);
    return desc[i] ? -c : c;
  }
  return 0;
};

describe('paginate', () => {
  it('walks every item once, in key order, whatever the page size and directions', () => {
    fc.assert(
      fc.property(list, fc.integer({ min: 1, max: 25 }), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), (items, limit, desc) => {
        const seen = walk(() => items, limit, desc);
        expect(seen.map((i) => i.id)).toEqual([...items].sort(compare(desc)).map((i) => i.id));
      }),
    );
  });

  it('neither repeats nor loses an item when others are added and removed between pages', () => {
    fc.assert(
      fc.property(list, list, fc.integer({ min: 1, max: 10 }), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), (kept, churn, limit, desc) => {
        const keptIds = new Set(kept.map((i) => i.id));
        const extra = churn.filter((i) => !keptIds.has(i.id));
        let current: Item[] = [...kept];
        const seen = walk(() => current, limit, desc, (page) => {
          // Each step adds one outsider and removes the outsider added two steps before.
          const add = extra[page - 1];
          const drop = extra[page - 3];
          current = [...current.filter((i) => i.id !== drop?.id), ...(add ? [add] : [])];
        });
        const ids = seen.map((i) => i.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const i of kept) expect(ids).toContain(i.id);
        const keptSeen = seen.filter((i) => keptIds.has(i.id));
        expect(keptSeen.map((i) => i.id)).toEqual([...kept].sort(compare(desc)).map((i) => i.id));
      }),
    );
  });

  it('answers null as the cursor of the last page, also for an empty list', () => {
    expect(paginate([], key, { limit: 5 }).nextCursor).toBeNull();
    const three = [{ id: 'aaaaaa', at: '2027-04-10', n: 0 }, { id: 'bbbbbb', at: '2027-04-10', n: 0 }, { id: 'cccccc', at: '2027-04-10', n: 0 }];
    expect(paginate(three, key, { limit: 3 }).nextCursor).toBeNull();
    expect(paginate(three, key, { limit: 2 }).nextCursor).toBe(encodeCursor(key(three[1]!)));
  });

  it('takes back only cursors of its own making', () => {
    expect(PageQuery.parse({ cursor: encodeCursor(['2027-04-10', 3, 'abcdef']) }).cursor).toEqual(['2027-04-10', 3, 'abcdef']);
    for (const bad of ['', '!!', 'e30', Buffer.from('{"k":[]}').toString('base64url'), Buffer.from('{"k":[{}]}').toString('base64url'), Buffer.from('{"k":["a"],"x":1}').toString('base64url'), Buffer.from('[1]').toString('base64url')]) {
      expect(PageQuery.safeParse({ cursor: bad }).success, bad).toBe(false);
    }
    expect(PageQuery.parse({}).limit).toBe(100);
  });
});
