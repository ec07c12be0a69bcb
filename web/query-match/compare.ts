/**
 * How values compare and equal each other in RxDB queries, for the browser bundles (web/build.ts puts this in place
 * of the `mingo` package, issue 25). RxDB's other storages and the server-side tests run mingo: a phone must sort
 * and match exactly as they do, so these follow mingo 7's rules, checked against it by test/web/query-match.test.ts.
 */

/** The order of kinds when two values of different kinds meet (undefined first, functions last, unknown after). */
const KIND_RANK: Record<string, number> = {
  undefined: 1,
  null: 2,
  number: 3,
  string: 4,
  symbol: 5,
  object: 6,
  array: 7,
  arraybuffer: 8,
  boolean: 9,
  date: 10,
  regexp: 11,
  function: 12,
};

/** A value's kind: JavaScript's typeof, with null, arrays, dates, regexps, typed arrays and class instances apart. */
export function kindOf(v: unknown): string {
  const t = typeof v;
  if (t !== 'object') return t;
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp) return 'regexp';
  if (ArrayBuffer.isView(v)) return 'arraybuffer';
  const ctor = (v as { constructor?: { name?: string } }).constructor;
  if (ctor === Object) return 'object';
  // A class instance is its own kind (`map`, `set`, …); an object without a prototype is a plain object.
  return ctor?.name?.toLowerCase() ?? 'object';
}

/** A value with its own `toString` (a class instance, a function…), which then equals and orders by that string. */
const hasOwnString = (v: object) => v.toString !== Object.prototype.toString;

const sign = (a: string | number | boolean, b: string | number | boolean) => (a < b ? -1 : a > b ? 1 : 0);

/** Deep equality as `$eq` and `$in` mean it: same kind, same items in the same order, same keys in any order. */
export function isEqual(a: unknown, b: unknown): boolean {
  if (a === b || Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (a.constructor !== b.constructor) return false;
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  if (a instanceof RegExp) return b instanceof RegExp && a.source === b.source && a.flags === b.flags;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => isEqual(v, b[i]));
  if (a.constructor !== Object && hasOwnString(a)) return a.toString() === b.toString();
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && isEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Orders two values of one kind. Arrays order by their sorted items, objects by their sorted keys, then values. */
function orderSameKind(a: unknown, b: unknown, kind: string): number {
  switch (kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return sign(a as number, b as number);
    case 'date':
      return sign((a as Date).getTime(), (b as Date).getTime());
    case 'regexp':
      return sign((a as RegExp).source, (b as RegExp).source) || sign((a as RegExp).flags, (b as RegExp).flags);
    case 'arraybuffer': {
      const x = new Uint8Array((a as ArrayBufferView).buffer, (a as ArrayBufferView).byteOffset, (a as ArrayBufferView).byteLength);
      const y = new Uint8Array((b as ArrayBufferView).buffer, (b as ArrayBufferView).byteOffset, (b as ArrayBufferView).byteLength);
      return sequence(x, y, sign);
    }
    case 'array':
      // Array.prototype.sort keeps undefined items last without asking the comparator: part of the order too.
      return sequence((a as unknown[]).slice().sort(orderOf), (b as unknown[]).slice().sort(orderOf), orderOf);
    default: {
      const x = a as Record<string, unknown>;
      const y = b as Record<string, unknown>;
      if (kind !== 'object' && x.constructor === y.constructor && hasOwnString(x)) return sign(x.toString(), y.toString());
      const keys = Object.keys(x).sort();
      const byKeys = orderOf(keys, Object.keys(y).sort());
      if (byKeys) return byKeys;
      for (const k of keys) {
        const byValue = orderOf(x[k], y[k]);
        if (byValue) return byValue;
      }
      return 0;
    }
  }
}

/** Item by item, then the shorter first. */
function sequence<T>(x: ArrayLike<T>, y: ArrayLike<T>, order: (a: T, b: T) => number): number {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const o = order(x[i]!, y[i]!);
    if (o) return o;
  }
  return sign(x.length, y.length);
}

/** Orders two values: -1, 0 or 1. */
function orderOf(a: unknown, b: unknown): number {
  return order(a, b, false);
}

/**
 * Orders two values: -1, 0 or 1. `intoArrays`: an array meeting a value of another kind stands for its smallest item
 * when it is on the left and for its largest on the right (an empty one sorts before, resp. after, that value).
 */
function order(a: unknown, b: unknown, intoArrays: boolean): number {
  if (a === b || Object.is(a, b)) return 0;
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka === kb) return orderSameKind(a, b, ka);
  if (ka === 'undefined') return -1;
  if (kb === 'undefined') return 1;
  if (intoArrays && ka === 'array') {
    let least = 1;
    for (const v of a as unknown[]) least = Math.min(least, orderOf(v, b));
    return (a as unknown[]).length ? least : -1;
  }
  if (intoArrays && kb === 'array') {
    let most = -1;
    for (const v of b as unknown[]) most = Math.max(most, orderOf(a, v));
    return (b as unknown[]).length ? most : 1;
  }
  const ra = KIND_RANK[ka] ?? Number.MAX_VALUE;
  const rb = KIND_RANK[kb] ?? Number.MAX_VALUE;
  return ra !== rb ? sign(ra, rb) : sign(ka, kb);
}

/** The sort comparator RxDB uses for values of different kinds (mingo/util's `compare`). */
export function compare(a: unknown, b: unknown): number {
  return order(a, b, true);
}
