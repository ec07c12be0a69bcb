/**
 * RxDB's query matcher for the browser bundles: a Mango selector (`{ tripId: 't1', holes: { $gte: 9 } }`) compiled
 * into a test on one document. web/build.ts puts it in place of mingo, which RxDB's memory storage (under the phone's
 * kept storage) runs for every query: about 24 KB of minified code for the 18 operators RxDB registers. They match as
 * mingo 7 does, since RxDB's other storages run mingo; test/web/query-match.test.ts runs both side by side.
 *
 * Where mingo would quietly answer something for a selector MongoDB refuses ($in without a list, $mod without
 * [divisor, remainder], an unknown $type name, a stateful /g regex, any other operator), this throws instead.
 */
import { compare, isEqual, kindOf } from './compare.js';
import { cutToPath, isScalar, pathParts, valueAt } from './path.js';

type Test = (doc: unknown) => boolean;

/** `$name` with letters, digits or _ only; anything else starting with `$` is a field name, as for mingo. */
const isOperator = (key: string) => /^\$\w+$/.test(key);

const fail = (message: string): never => {
  throw new Error(`query selector: ${message} (web/query-match)`);
};

/** A field's condition as operators: a plain value means $eq, a regexp $regex; $regex's $options become its flags. */
function asOperators(condition: unknown): Record<string, unknown> {
  if (isScalar(condition)) return condition instanceof RegExp ? { $regex: condition } : { $eq: condition };
  const ops = condition as Record<string, unknown>;
  if (!Object.keys(ops).some(isOperator)) return { $eq: condition };
  if (kindOf(condition) === 'object' && Object.prototype.hasOwnProperty.call(ops, '$regex')) {
    const { $options, ...rest } = ops;
    return { ...rest, $regex: new RegExp(ops.$regex as string | RegExp, $options as string | undefined) };
  }
  return ops;
}

/** A regexp with the g or y flag remembers where it stopped: it would match every other document only. */
function stateless(re: RegExp): RegExp {
  if (re.global || re.sticky) fail(`a regexp with the g or y flag (${String(re)}) would match every other document only`);
  return re;
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** Nested lists opened `depth` levels deep (items that are lists replaced by their items). */
function flat(list: unknown[], depth: number): unknown[] {
  const out: unknown[] = [];
  const add = (items: unknown[], d: number) => {
    for (const v of items) {
      if (Array.isArray(v) && d > 0) add(v, d - 1);
      else out.push(v);
    }
  };
  add(list, depth);
  return out;
}

const isNil = (v: unknown) => v === null || v === undefined;
const isNumber = (v: unknown) => typeof v === 'number' && !Number.isNaN(v);

/** `$type` names and MongoDB's numbers for them. */
const TYPES: Record<string, (v: unknown) => boolean> = {
  array: Array.isArray,
  boolean: (v) => typeof v === 'boolean',
  date: (v) => v instanceof Date,
  number: isNumber,
  int: Number.isInteger,
  double: isNumber,
  decimal: isNumber,
  null: (v) => v === null,
  object: (v) => kindOf(v) === 'object',
  regexp: (v) => v instanceof RegExp,
  string: (v) => typeof v === 'string',
  undefined: isNil,
};
Object.assign(TYPES, { bool: TYPES.boolean, long: TYPES.int, regex: TYPES.regexp });
Object.assign(TYPES, { 1: TYPES.number, 2: TYPES.string, 3: TYPES.object, 4: TYPES.array, 6: TYPES.undefined, 8: TYPES.boolean });
Object.assign(TYPES, { 9: TYPES.date, 10: TYPES.null, 11: TYPES.regexp, 16: TYPES.int, 18: TYPES.int, 19: TYPES.number });

/** $gt & co.: some value (the field's, or an item of its list) of the bound's kind lies on the right side of it. */
const ordered = (holds: (order: number) => boolean) => (bound: unknown) => {
  const kind = kindOf(bound);
  return (a: unknown) => asList(a).some((v) => kindOf(v) === kind && holds(compare(v, bound)));
};

/** $in: the field's value (or an item of its list) equals an entry, or a string matches an entry that is a regexp. */
function isIn(list: unknown): (a: unknown) => boolean {
  if (!Array.isArray(list)) fail(`$in and $nin take a list, not ${JSON.stringify(list)}`);
  const entries = list as unknown[];
  const patterns = entries.filter((e): e is RegExp => e instanceof RegExp).map(stateless);
  return (a) => {
    if (isNil(a)) return entries.some((e) => e === null);
    const values = asList(a);
    return values.some((v) => entries.some((e) => isEqual(v, e)) || (typeof v === 'string' && patterns.some((re) => re.test(v))));
  };
}

/**
 * Tests of one operator on a field's value, built from the operator's argument. `depth` is the number of dots of the
 * path: $eq opens nested lists that deep, since stepping through arrays collected them.
 */
const ON_VALUE: Record<string, (arg: unknown, depth: number) => (a: unknown) => boolean> = {
  $eq: (b, depth) => (a) => isEqual(a, b) || (isNil(a) && isNil(b)) || (Array.isArray(a) && (a.some((v) => isEqual(v, b)) || flat(a, depth).some((v) => isEqual(v, b)))),
  $ne: (b, depth) => {
    const eq = ON_VALUE.$eq!(b, depth);
    return (a) => !eq(a);
  },
  $gt: ordered((o) => o > 0),
  $gte: ordered((o) => o >= 0),
  $lt: ordered((o) => o < 0),
  $lte: ordered((o) => o <= 0),
  $in: isIn,
  $nin: (list) => {
    const inList = isIn(list);
    return (a) => !inList(a);
  },
  $regex: (arg) => {
    const re = stateless(arg as RegExp);
    const test = (v: unknown) => typeof v === 'string' && re.exec(v) !== null;
    return (a) => asList(a).some(test) || flat(asList(a), 1).some(test);
  },
  $size: (n) => {
    if (typeof n !== 'number') fail(`$size takes a number, not ${JSON.stringify(n)}`);
    return (a) => Array.isArray(a) && a.length === n;
  },
  $mod: (arg) => {
    if (!Array.isArray(arg) || arg.length !== 2 || !arg.every(isNumber)) fail(`$mod takes [divisor, remainder], not ${JSON.stringify(arg)}`);
    const [divisor, remainder] = arg as [number, number];
    // `%` on whatever the field holds, as mingo does (null counts as 0, "4" as 4): the same documents match.
    return (a) => asList(a).some((v) => (v as number) % divisor === remainder);
  },
  $type: (arg) => {
    const tests = asList(arg).map((t) => (Object.prototype.hasOwnProperty.call(TYPES, String(t)) ? TYPES[String(t)]! : fail(`unknown $type ${JSON.stringify(t)}`)));
    return (a) => tests.some((t) => t(a));
  },
  $elemMatch: (criteria) => {
    if (kindOf(criteria) !== 'object') fail(`$elemMatch takes an object, not ${JSON.stringify(criteria)}`);
    const keys = Object.keys(criteria as object);
    let item: Test;
    if (keys.length === 0) item = (v) => kindOf(v) === 'object';
    else if (keys.every((k) => isOperator(k) && k !== '$and' && k !== '$or' && k !== '$nor')) {
      // Operators only: they apply to each item itself, as to a field holding it.
      const onItem = compileSelector({ item: criteria });
      item = (v) => onItem({ item: v });
    } else item = compileSelector(criteria);
    return (a) => Array.isArray(a) && a.some((v) => item(v));
  },
};

/** $exists: for a nested path, whether anything is left under the parent once the document is cut to the path. */
function exists(parts: string[], wanted: boolean, path: string): Test {
  if (parts.length === 1 || /\.\d+$/.test(path)) return (doc) => (valueAt(doc, parts, false) !== undefined) === wanted;
  const parent = parts.slice(0, -1);
  return (doc) => {
    const under = valueAt(cutToPath(doc, parts), parent, false);
    return (Array.isArray(under) ? under.some((v) => v !== undefined) : under !== undefined) === wanted;
  };
}

function fieldTest(path: string, op: string, arg: unknown): Test {
  const parts = pathParts(path);
  if (op === '$exists') return exists(parts, !!arg, path);
  if (op === '$not') {
    const inner = compileSelector({ [path]: asOperators(arg) });
    return (doc) => !inner(doc);
  }
  const make = Object.prototype.hasOwnProperty.call(ON_VALUE, op) ? ON_VALUE[op] : undefined;
  if (!make) return fail(`operator ${op} (on "${path}") is not built into the browser apps`);
  const test = make(arg, parts.length - 1);
  return (doc) => test(valueAt(doc, parts, true));
}

function logical(op: string, list: unknown): Test {
  if (!Array.isArray(list)) return fail(`${op} takes a list of selectors`);
  const tests = list.map(compileSelector);
  if (op === '$and') return (doc) => tests.every((t) => t(doc));
  if (op === '$or') return (doc) => tests.some((t) => t(doc));
  return (doc) => !tests.some((t) => t(doc));
}

/** A selector compiled into a test on one document. */
export function compileSelector(selector: unknown): Test {
  if (kindOf(selector) !== 'object') return fail(`a selector is an object, not ${JSON.stringify(selector)}`);
  const tests: Test[] = [];
  for (const [key, condition] of Object.entries(selector as Record<string, unknown>)) {
    if (key === '$and' || key === '$or' || key === '$nor') tests.push(logical(key, condition));
    else if (isOperator(key)) fail(`top-level operator ${key} is not built into the browser apps`);
    else for (const [op, arg] of Object.entries(asOperators(condition))) tests.push(fieldTest(key, op, arg));
  }
  if (tests.length === 1) return tests[0]!;
  return (doc) => {
    for (const t of tests) if (!t(doc)) return false;
    return true;
  };
}

/** What RxDB asks `rx-query-mingo.js` for: an object whose `test(doc)` says whether the document matches. */
export function getMingoQuery(selector: unknown): { test: Test } {
  return { test: compileSelector(selector) };
}
