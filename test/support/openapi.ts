/**
 * `node` of an OpenAPI document with every local `$ref` (`#/components/schemas/…`) replaced by what it points to,
 * for tests that look at a schema's fields wherever they are defined.
 */
export function inlineRefs(doc: unknown, node: unknown, seen: string[] = []): any {
  if (Array.isArray(node)) return node.map((n) => inlineRefs(doc, n, seen));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as { $ref?: unknown } & Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (typeof $ref === 'string' && $ref.startsWith('#/')) {
    if (seen.includes($ref)) return node; // a recursive schema: stop at the second visit
    const target = $ref.slice(2).split('/').reduce<any>((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    if (target === undefined) throw new Error(`unresolved $ref ${$ref}`);
    Object.assign(out, inlineRefs(doc, target, [...seen, $ref]));
  }
  for (const [k, v] of Object.entries(rest)) out[k] = inlineRefs(doc, v, seen);
  return out;
}
