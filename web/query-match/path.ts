/**
 * Reading a dotted path (`holes.3.strokes`) out of a document for a query, as mingo does (see compare.ts for why):
 * a name stepping onto an array reads it from every item; a number steps to one item.
 */

const isIndex = (part: string) => /^\d+$/.test(part);

/** A path's parts; paths the phone could never mean are refused at once rather than read oddly. */
export function pathParts(path: string): string[] {
  const parts = path.split('.');
  if (parts.some((p) => p === '')) throw new Error(`query path "${path}" has an empty part`);
  if (parts.includes('__proto__')) throw new Error(`query path "${path}" names __proto__`);
  return parts;
}

/** Only a value's own fields count: a document has no `constructor` or `toString` field unless it says so. */
export function own(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return value[Number(key)];
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined;
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** Values with nothing inside to walk into: a path read on one answers the value itself. */
export const isScalar = (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function') || v instanceof Date || v instanceof RegExp;

/**
 * The value at `parts` in `doc`. Stepping onto an array by name collects what each item has there (items that have
 * nothing are left out); an item that is itself an array is taken whole, not walked into. With `unwrap`, the nested
 * one-item lists this collecting made are opened again, once per array stepped through.
 */
export function valueAt(doc: unknown, parts: string[], unwrap: boolean): unknown {
  if (isScalar(doc)) return doc;
  // Through objects only (the common case) nothing is collected: no walk needed until an array comes.
  let head: unknown = doc;
  let at = 0;
  for (; at < parts.length && !Array.isArray(head); at++) {
    head = own(head, parts[at]!);
    if (head === undefined) return undefined;
  }
  if (at === parts.length) return head;
  let arraysEntered = 0;
  const walk = (start: unknown, from: number): unknown => {
    let value = start;
    for (let i = from; i < parts.length; i++) {
      const part = parts[i]!;
      if (Array.isArray(value) && !isIndex(part)) {
        if (i === from && arraysEntered > 0) return value;
        arraysEntered++;
        const found: unknown[] = [];
        for (const item of value) {
          const v = walk(item, i);
          if (v !== undefined) found.push(v);
        }
        return found;
      }
      value = own(value, part);
      if (value === undefined) return undefined;
    }
    return value;
  };
  let result = walk(head, at);
  if (unwrap) {
    for (let n = arraysEntered; n > 0 && Array.isArray(result) && result.length === 1 && Array.isArray(result[0]); n--) result = result[0];
  }
  return result;
}

/**
 * `doc` cut down to the path: each object keeps only the path's field (and is gone without it), an array keeps one
 * entry per item (gone ones as undefined), or, for a number, that item only. `$exists` on a nested path then asks
 * whether anything is left under the last part's parent.
 */
export function cutToPath(value: unknown, parts: string[], i = 0): unknown {
  const part = parts[i]!;
  const last = i === parts.length - 1;
  if (Array.isArray(value)) {
    if (isIndex(part)) {
      const copy: unknown[] = [];
      copy[Number(part)] = last ? own(value, part) : cutToPath(own(value, part), parts, i + 1);
      return copy;
    }
    const out: unknown[] = [];
    for (let k = 0; k < value.length; k++) out.push(cutToPath(value[k], parts, i));
    return out;
  }
  const inner = last ? own(value, part) : cutToPath(own(value, part), parts, i + 1);
  return inner === undefined ? undefined : { [part]: inner };
}
