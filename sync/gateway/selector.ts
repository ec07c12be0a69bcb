/**
 * Mango selectors, as the `_selector` filter of `_changes` takes them (CouchDB API: /{db}/_changes, "Selector"
 * filter; the operator semantics are those of /{db}/_find, "Selector Syntax"). Pure: no I/O.
 *
 * Supported: implicit equality, nested fields (dotted paths, `\.` escapes a dot, or nested objects), the
 * combination operators `$and`, `$or`, `$nor`, `$not`, and the condition operators `$eq`, `$ne`, `$in`, `$nin`,
 * `$exists`, `$gt`, `$gte`, `$lt`, `$lte`. As in CouchDB, a condition on a missing field fails, except
 * `$exists: false`.
 */

export type Matcher = (doc: unknown) => boolean;

/** A selector that is not valid Mango; the gateway answers it as 400 `bad_request`. */
export class SelectorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SelectorError';
  }
}

const MISSING = Symbol('missing');
type Value = unknown | typeof MISSING;

const COMBINATIONS = new Set(['$and', '$or', '$nor', '$not']);
const CONDITIONS = new Set(['$eq', '$ne', '$in', '$nin', '$exists', '$gt', '$gte', '$lt', '$lte']);

/** Compiles a selector once; the matcher then runs on every document of the feed. Throws {@link SelectorError}. */
export function compileSelector(selector: unknown): Matcher {
  if (!isPlainObject(selector)) throw new SelectorError('the selector must be a JSON object');
  return compileObject(selector, []);
}

function compileObject(selector: Record<string, unknown>, prefix: string[]): Matcher {
  const parts: Matcher[] = [];
  for (const [key, value] of Object.entries(selector)) {
    if (COMBINATIONS.has(key)) parts.push(compileCombination(key, value, prefix));
    else if (key.startsWith('$')) throw new SelectorError(`unknown operator ${key} where a field name was expected`);
    else parts.push(compileField([...prefix, ...splitPath(key)], value));
  }
  return (doc) => parts.every((p) => p(doc));
}

function compileCombination(op: string, value: unknown, prefix: string[]): Matcher {
  if (op === '$not') {
    if (!isPlainObject(value)) throw new SelectorError('$not takes a selector object');
    const inner = compileObject(value, prefix);
    return (doc) => !inner(doc);
  }
  if (!Array.isArray(value) || value.some((v) => !isPlainObject(v))) {
    throw new SelectorError(`${op} takes an array of selector objects`);
  }
  const inner = value.map((v) => compileObject(v as Record<string, unknown>, prefix));
  if (op === '$and') return (doc) => inner.every((m) => m(doc));
  if (op === '$or') return (doc) => inner.some((m) => m(doc));
  return (doc) => !inner.some((m) => m(doc)); // $nor
}

/** A field's condition: an operator object, a nested selector object, or a value for implicit equality. */
function compileField(path: string[], condition: unknown): Matcher {
  if (isPlainObject(condition)) {
    const keys = Object.keys(condition);
    const operators = keys.filter((k) => k.startsWith('$'));
    if (operators.length === 0 && keys.length > 0) return compileObject(condition, path);
    if (operators.length !== keys.length) throw new SelectorError(`field ${path.join('.')} mixes operators and field names`);
    if (keys.length === 0) return (doc) => deepEqual(lookup(doc, path), {});
    const tests = keys.map((op) => compileOperator(op, condition[op], path));
    return (doc) => tests.every((t) => t(doc));
  }
  return (doc) => {
    const value = lookup(doc, path);
    return value !== MISSING && deepEqual(value, condition);
  };
}

/** One operator on a field; `{"f": {"$or": [1, {"$gt": 5}]}}` and `{"f": {"$not": {...}}}` apply to that field. */
function compileOperator(op: string, arg: unknown, path: string[]): Matcher {
  if (op === '$not') {
    const inner = compileField(path, arg);
    return (doc) => !inner(doc);
  }
  if (op === '$and' || op === '$or' || op === '$nor') {
    if (!Array.isArray(arg)) throw new SelectorError(`${op} takes an array`);
    const inner = arg.map((a) => compileField(path, a));
    if (op === '$and') return (doc) => inner.every((m) => m(doc));
    if (op === '$or') return (doc) => inner.some((m) => m(doc));
    return (doc) => !inner.some((m) => m(doc));
  }
  const test = compileCondition(op, arg, path);
  return (doc) => test(lookup(doc, path));
}

function compileCondition(op: string, arg: unknown, path: string[]): (value: Value) => boolean {
  if (!CONDITIONS.has(op)) throw new SelectorError(`unknown operator ${op} on field ${path.join('.')}`);
  switch (op) {
    case '$exists':
      if (typeof arg !== 'boolean') throw new SelectorError('$exists takes true or false');
      return (value) => (value !== MISSING) === arg;
    case '$eq':
      return (value) => value !== MISSING && deepEqual(value, arg);
    case '$ne':
      return (value) => value !== MISSING && !deepEqual(value, arg);
    case '$in':
    case '$nin': {
      if (!Array.isArray(arg)) throw new SelectorError(`${op} takes an array`);
      const isIn = (value: unknown) =>
        arg.some((a) => deepEqual(value, a)) || (Array.isArray(value) && value.some((v) => arg.some((a) => deepEqual(v, a))));
      return op === '$in' ? (value) => value !== MISSING && isIn(value) : (value) => value !== MISSING && !isIn(value);
    }
    default: {
      const accept = { $gt: (c: number) => c > 0, $gte: (c: number) => c >= 0, $lt: (c: number) => c < 0, $lte: (c: number) => c <= 0 }[
        op as '$gt' | '$gte' | '$lt' | '$lte'
      ];
      return (value) => value !== MISSING && accept(collate(value, arg));
    }
  }
}

/** Splits `a.b\.c` into `['a', 'b.c']`. */
export function splitPath(field: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < field.length; i++) {
    const ch = field[i]!;
    if (ch === '\\' && field[i + 1] === '.') {
      current += '.';
      i++;
    } else if (ch === '.') {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

function lookup(doc: unknown, path: string[]): Value {
  let value: unknown = doc;
  for (const key of path) {
    if (!isPlainObject(value) || !Object.prototype.hasOwnProperty.call(value, key)) return MISSING;
    value = value[key];
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** CouchDB's collation order across JSON types: null < false < true < numbers < strings < arrays < objects. */
export function collate(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = collate(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
      const c = collate(ka[i], kb[i]) || collate(a[ka[i]!], b[kb[i]!]);
      if (c !== 0) return c;
    }
    return ka.length - kb.length;
  }
  return 0;
}

function rank(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (v === false) return 1;
  if (v === true) return 2;
  if (typeof v === 'number') return 3;
  if (typeof v === 'string') return 4;
  if (Array.isArray(v)) return 5;
  return 6;
}
