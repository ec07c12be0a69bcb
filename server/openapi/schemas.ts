import { z } from 'zod';
import { registerComponents } from './components.js';

/**
 * JSON Schemas for /openapi.json with shared components. A zod schema registered with an `id` (see
 * `components.ts`) is emitted once under `components.schemas` and referenced everywhere else.
 *
 * `jsonSchema()` converts one schema and leaves each reference to a component as a marker naming the component's id
 * and the direction (`input` for what a client sends, `output` for what it receives); `resolveComponents()` then
 * turns the markers of a whole document into `#/components/schemas/…` references and emits each component used.
 * A component is named by its id; its input form, when it differs from its output form (defaults, transforms),
 * is `<id>Input`.
 */

export type Io = 'input' | 'output';
type Json = Record<string, unknown>;

const MARKER = 'zod-component:';
const DEFS = '#/$defs/';

function convert(schema: z.ZodType, io: Io): Json {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
}

/** The schema registered under `id`, or undefined. */
function registered(id: string): z.ZodType | undefined {
  return z.globalRegistry._idmap.get(id) as z.ZodType | undefined;
}

function mapRefs(node: unknown, f: (ref: string) => string): unknown {
  if (Array.isArray(node)) return node.map((n) => mapRefs(n, f));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' ? f(v) : mapRefs(v, f);
  return out;
}

/** `#/$defs/<id>` of one conversion → the document-wide marker of that component. */
function markRefs(node: unknown, io: Io): unknown {
  return mapRefs(node, (ref) => {
    if (!ref.startsWith(DEFS)) return ref;
    const id = decodeURIComponent(ref.slice(DEFS.length)).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!registered(id)) {
      // zod names a schema it had to share (a recursive one) `__schemaN`; only a registered id is a stable name.
      throw new Error(`OpenAPI: a schema reused in a cycle has no id (${id}); register it in server/openapi/components.ts`);
    }
    return `${MARKER}${io}:${id}`;
  });
}

/** The JSON Schema of `schema` as a client sends it (`input`) or receives it (`output`), with component markers. */
export function jsonSchema(schema: z.ZodType, io: Io): Json {
  registerComponents();
  const s = convert(schema, io);
  delete s.$schema;
  const defs = (s.$defs ?? {}) as Record<string, unknown>;
  delete s.$defs;
  // Every $def is a registered component, emitted once by resolveComponents from the schema registered under its id:
  // the copy here must be that same definition (the registry and this conversion agree), or the document would lie.
  for (const [id, def] of Object.entries(defs)) {
    if (registered(id) && JSON.stringify(markRefs(def, io)) !== JSON.stringify(componentBody(id, io))) {
      throw new Error(`OpenAPI: component ${id} (${io}) converts differently inside another schema`);
    }
  }
  return markRefs(s, io) as Json;
}

const bodies = new Map<string, Json>();
/** The component body of a registered id: its own definition, with references to other components marked. */
function componentBody(id: string, io: Io): Json {
  const key = `${io}:${id}`;
  let body = bodies.get(key);
  if (!body) {
    const s = convert(registered(id)!, io);
    const defs = (s.$defs ?? {}) as Record<string, unknown>;
    const { $schema: _s, $defs: _d, ...root } = s;
    body = markRefs(defs[id] ?? root, io) as Json;
    bodies.set(key, body);
  }
  return body;
}

const sameBothWays = new Map<string, boolean>();
/** Whether a component reads the same as input and as output (then one component serves both). */
function isSameBothWays(id: string): boolean {
  let same = sameBothWays.get(id);
  if (same === undefined) {
    same = JSON.stringify(convert(registered(id)!, 'input')) === JSON.stringify(convert(registered(id)!, 'output'));
    sameBothWays.set(id, same);
  }
  return same;
}

function componentName(io: Io, id: string): string {
  return io === 'output' || isSameBothWays(id) ? id : `${id}Input`;
}

/**
 * Replaces the component markers in `doc` (any JSON) by `#/components/schemas/<name>` and returns the components
 * used, directly or through other components, sorted by name.
 */
export function resolveComponents<T>(doc: T): { doc: T; schemas: Record<string, Json> } {
  const schemas: Record<string, Json> = {};
  const queue: [Io, string][] = [];
  const resolve = (node: unknown) =>
    mapRefs(node, (ref) => {
      if (!ref.startsWith(MARKER)) return ref;
      const [io, id] = ref.slice(MARKER.length).split(/:(.*)/s) as [Io, string];
      queue.push([io, id]);
      return `#/components/schemas/${componentName(io, id)}`;
    });
  const out = resolve(doc) as T;
  while (queue.length) {
    const [io, id] = queue.pop()!;
    const name = componentName(io, id);
    if (schemas[name]) continue;
    schemas[name] = {};
    schemas[name] = resolve(componentBody(id, io)) as Json;
  }
  return { doc: out, schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) };
}
