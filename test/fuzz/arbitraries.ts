import fc from 'fast-check';

/**
 * Values from the JSON Schemas of `/openapi.json` (what zod generated from the schemas that validate requests), as
 * fast-check arbitraries: valid values, and values made invalid on purpose by one mutation of a valid one (a
 * wrong type, a missing or extra field, a boundary number, an empty or huge string, an unknown enum value, an
 * impossible date or an unknown time zone). Only what the document says is used, so an operation added later is
 * fuzzed without touching this file.
 */

export type Schema = Record<string, any>;

/** Where the values go: known ids to draw from by field or parameter name, and the document for `$ref`s. */
export interface FuzzContext {
  /** `#/components/...` references resolve here. */
  doc: Schema;
  /** Ids that exist (of the fuzzed trip, another trip, the player): by the name of the field or parameter. */
  idsFor(name: string): string[];
}

const MAX_DEPTH = 8;
const REAL_ZONES = ['Europe/Lisbon', 'America/New_York', 'Asia/Tokyo', 'Pacific/Honolulu', 'UTC'];
const BAD_ZONES = ['Mars/Olympus_Mons', 'not a zone', 'Europe/Atlantis', '+25:00'];
const BAD_DATES = ['2027-02-30', '2027-13-01', '2027-04-10T25:61', '0000-00-00', '2027-04-10T08:00+99:00', 'yesterday'];
const IMPOSSIBLE_NUMBERS = [-1, 0, 1.5, -0.5, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308];

function resolve(schema: Schema | undefined, ctx: FuzzContext, root: Schema): { schema: Schema; root: Schema } {
  let s = schema ?? {};
  let r = root;
  for (let hops = 0; typeof s.$ref === 'string' && hops < 20; hops++) {
    const ref: string = s.$ref;
    if (ref.startsWith('#/components/')) {
      const target = ref.slice(2).split('/').reduce<any>((o, k) => o?.[decodeURIComponent(k.replace(/~1/g, '/').replace(/~0/g, '~'))], ctx.doc);
      s = target ?? {};
      r = s;
    } else if (ref.startsWith('#/$defs/') || ref.startsWith('#/definitions/')) {
      const [, bag, name] = ref.split('/');
      s = r[bag!]?.[name!] ?? ctx.doc.components?.schemas?.[name!] ?? {};
    } else if (ref === '#') {
      s = r;
    } else {
      s = {};
    }
  }
  return { schema: s, root: s.$defs ? s : r };
}

const isTimeZoneKey = (key: string) => /time_?zone$/i.test(key) || key === 'tz';
const isIdKey = (key: string) => /(^id$|Id$|Ids$)/.test(key);

/** A valid value of `schema` (as far as the schema says: cross-field rules are left to chance). */
export function validOf(schema: Schema | undefined, ctx: FuzzContext, key = '', root: Schema = schema ?? {}, depth = 0): fc.Arbitrary<unknown> {
  const { schema: s, root: r } = resolve(schema, ctx, root);
  if (depth > MAX_DEPTH) return fc.constant(s.type === 'array' ? [] : s.type === 'object' ? {} : null);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    // Keywords beside anyOf apply too (an object's properties with "one of these sets of fields is required"):
    // each alternative is taken together with them.
    const { anyOf: _any, oneOf: _one, ...base } = s;
    const alone = Object.keys(base).length === 0;
    return fc.oneof(...alternatives.map((a: Schema) => validOf(alone ? a : mergeAll([base, a], ctx, r), ctx, key, r, depth + 1)));
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return validOf(mergeAll(s.allOf, ctx, r), ctx, key, r, depth + 1);
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : s.items ? ['array'] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => validOf({ ...s, type: t }, ctx, key, r, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return numberOf(s, types[0] === 'integer');
    case 'string':
      return stringOf(s, ctx, key);
    case 'array': {
      const min = s.minItems ?? 0;
      const max = Math.max(min, Math.min(s.maxItems ?? 6, min + 6));
      const item = validOf(s.items, ctx, key.replace(/s$/, ''), r, depth + 1);
      return s.uniqueItems ? fc.uniqueArray(item, { minLength: min, maxLength: max, selector: (v) => JSON.stringify(v) }) : fc.array(item, { minLength: min, maxLength: max });
    }
    case 'object': {
      const props: Record<string, Schema> = s.properties ?? {};
      const required: string[] = (s.required ?? []).filter((k: string) => k in props);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = validOf(v, ctx, k, r, depth + 1);
      if (Object.keys(model).length === 0) {
        if (s.additionalProperties && typeof s.additionalProperties === 'object') {
          return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), validOf(s.additionalProperties, ctx, key, r, depth + 1), { maxKeys: 3 });
        }
        return fc.constant({});
      }
      // Optional fields are present four times in five: cross-field rules mostly need them.
      const entries = Object.entries(model).map(([k, arb]) => (required.includes(k) ? arb.map((v) => [k, v] as const) : fc.option(arb.map((v) => [k, v] as const), { freq: 4, nil: undefined })));
      return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter((p) => p !== undefined)));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function mergeAll(parts: Schema[], ctx: FuzzContext, root: Schema): Schema {
  const out: Schema = {};
  for (const p of parts) {
    const { schema } = resolve(p, ctx, root);
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'properties') out.properties = { ...(out.properties ?? {}), ...v };
      else if (k === 'required') out.required = [...(out.required ?? []), ...v];
      else out[k] = v;
    }
  }
  return out;
}

function numberOf(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const lo = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : s.minimum;
  const hi = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : s.maximum;
  if (integer) {
    const min = Math.max(Math.ceil(lo ?? -1000), Number.MIN_SAFE_INTEGER);
    const max = Math.min(Math.floor(hi ?? Math.max(min, 0) + 1000), Number.MAX_SAFE_INTEGER);
    const step = typeof s.multipleOf === 'number' && Number.isInteger(s.multipleOf) && s.multipleOf > 1 ? s.multipleOf : 1;
    if (step > 1) return fc.integer({ min: Math.ceil(min / step), max: Math.max(Math.ceil(min / step), Math.floor(max / step)) }).map((n) => n * step);
    return fc.integer({ min, max: Math.max(min, max) });
  }
  const min = lo ?? -1000;
  const max = hi ?? min + 2000;
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
}

function stringOf(s: Schema, ctx: FuzzContext, key: string): fc.Arbitrary<string> {
  const min: number = s.minLength ?? 0;
  const max: number = s.maxLength ?? Math.max(min, 40);
  const fits = (v: string) => v.length >= min && v.length <= max;
  const known = isIdKey(key) ? ctx.idsFor(key).filter(fits) : [];
  let base: fc.Arbitrary<string>;
  if (isTimeZoneKey(key)) base = fc.constantFrom(...REAL_ZONES);
  else if (s.format === 'date-time') base = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2032-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
  else if (s.format === 'date') base = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2032-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  else if (s.format === 'email') base = fc.emailAddress().filter((e) => e.length <= 254);
  else if (s.format === 'uuid') base = fc.uuid();
  else if (s.format === 'uri' || s.format === 'url') base = fc.webUrl();
  else if (typeof s.pattern === 'string') base = patternOf(s.pattern);
  else base = fc.string({ minLength: min, maxLength: Math.min(max, min + 40), unit: 'grapheme' });
  const sized = base.filter(fits);
  return known.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, { arbitrary: sized, weight: 1 }) : sized;
}

function patternOf(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

// ------------------------------------------------------------------------------------------- invalid values

type Path = (string | number)[];

/** Every place in a JSON value, the value itself first. */
function places(value: unknown, path: Path = []): Path[] {
  const out: Path[] = [path];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...places(v, [...path, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...places(v, [...path, k]));
  return out;
}

function setAt(value: unknown, path: Path, replace: (old: unknown) => unknown | typeof REMOVE): unknown {
  if (path.length === 0) {
    const r = replace(value);
    return r === REMOVE ? undefined : r;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const r = rest.length === 0 ? replace(copy[head as number]) : setAt(copy[head as number], rest, replace);
    if (r === REMOVE) copy.splice(head as number, 1);
    else copy[head as number] = r;
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const r = rest.length === 0 ? replace(copy[head as string]) : setAt(copy[head as string], rest, replace);
  if (r === REMOVE) delete copy[head as string];
  else copy[head as string] = r;
  return copy;
}

const REMOVE = Symbol('remove');

/** The kinds of damage done to one place of a valid value. */
export const MUTATIONS = [
  'remove',
  'extra-field',
  'wrong-type',
  'null',
  'empty-string',
  'huge-string',
  'boundary-number',
  'unknown-enum',
  'bad-date',
  'bad-time-zone',
  'other-trip-id',
  'unicode',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

function damage(old: unknown, kind: Mutation, pick: number, ctx: FuzzContext, key: string): unknown {
  switch (kind) {
    case 'remove':
      return REMOVE;
    case 'extra-field':
      return old && typeof old === 'object' && !Array.isArray(old) ? { ...old, unexpectedField: pick % 2 ? 'x' : 1 } : [old, 'extra'];
    case 'wrong-type':
      return typeof old === 'string' ? pick % 1000 : typeof old === 'number' ? String(old) : typeof old === 'boolean' ? 'true' : Array.isArray(old) ? { 0: old[0] } : old && typeof old === 'object' ? [old] : 'text';
    case 'null':
      return null;
    case 'empty-string':
      return '';
    case 'huge-string':
      return 'x'.repeat(10_000 + (pick % 100_000));
    case 'boundary-number':
      return IMPOSSIBLE_NUMBERS[pick % IMPOSSIBLE_NUMBERS.length];
    case 'unknown-enum':
      return typeof old === 'string' ? `${old}_unknown` : 'unknown_value';
    case 'bad-date':
      return BAD_DATES[pick % BAD_DATES.length];
    case 'bad-time-zone':
      return BAD_ZONES[pick % BAD_ZONES.length];
    case 'other-trip-id': {
      const others = ctx.idsFor(`other:${key}`);
      return others.length ? others[pick % others.length] : `zz${pick}unknownid`;
    }
    case 'unicode':
      return ['\u0000', 'e\u0301', '🏌️‍♀️', '\uFEFF', 'ℌ𝔢𝔩𝔩𝔬', '\u202Eevil'][pick % 6];
  }
}

/** Which fields a mutation is aimed at, by name (most of the time; any field otherwise). */
const AIMED: Partial<Record<Mutation, (key: string) => boolean>> = {
  'bad-time-zone': isTimeZoneKey,
  'bad-date': (key) => /(date|time|at|start|end|day)$/i.test(key) && !isTimeZoneKey(key),
  'other-trip-id': isIdKey,
  'boundary-number': (key) => /(count|cents|amount|hole|strokes|size|seats|capacity|limit|index|handicap|minutes|number|points|percent)/i.test(key),
};

/** A value made invalid on purpose: one mutation at one place of a valid value, or not an object at all. */
export function invalidOf(schema: Schema | undefined, ctx: FuzzContext): fc.Arbitrary<unknown> {
  const mutated = fc
    .tuple(validOf(schema, ctx), fc.nat(), fc.constantFrom(...MUTATIONS), fc.nat())
    .map(([valid, where, kind, pick]) => {
      const all = places(valid);
      // A mutation aimed at a kind of field goes to such a field when the value has one (a bad zone to a zone).
      const keyOf = (p: Path) => String([...p].reverse().find((x) => typeof x === 'string') ?? '');
      const aimed = all.filter((p) => AIMED[kind]?.(keyOf(p)));
      const from = aimed.length > 0 && pick % 4 !== 0 ? aimed : all;
      const path = from[where % from.length]!;
      const key = String([...path].reverse().find((p) => typeof p === 'string') ?? '');
      return setAt(valid, path, (old) => damage(old, kind, pick, ctx, key));
    });
  return fc.oneof({ arbitrary: mutated, weight: 9 }, { arbitrary: fc.constantFrom(null, [], 'text', 42, true, [{}]), weight: 1 });
}
