/**
 * What zod's classic schemas import for JSON Schema (`.toJSONSchema()`, the Standard JSON Schema methods), stood in
 * for in the browser apps: `web/build.ts` points zod's own imports of `core/json-schema-processors.js` and
 * `core/to-json-schema.js` here. The apps only parse; the server, which builds /openapi.json, uses zod whole. About
 * 20 KB of minified code the phone never runs. `aggregateChecks` (a schema's `minLength`, `maxValue`, `format`…)
 * stays zod's own.
 */
export { aggregateChecks } from '../node_modules/zod/v4/core/json-schema-processors.js';

function unavailable(): never {
  throw new Error('JSON Schema is not built into the browser apps (web/zod-web-json-schema.ts); the server serves it at /openapi.json');
}

export const createToJSONSchemaMethod = () => unavailable;
export const createStandardJSONSchemaMethod = () => unavailable;

// Each schema kind's converter, called only by toJSONSchema.
export const anyProcessor = unavailable;
export const arrayProcessor = unavailable;
export const bigintProcessor = unavailable;
export const booleanProcessor = unavailable;
export const catchProcessor = unavailable;
export const customProcessor = unavailable;
export const dateProcessor = unavailable;
export const defaultProcessor = unavailable;
export const enumProcessor = unavailable;
export const fileProcessor = unavailable;
export const functionProcessor = unavailable;
export const intersectionProcessor = unavailable;
export const lazyProcessor = unavailable;
export const literalProcessor = unavailable;
export const mapProcessor = unavailable;
export const nanProcessor = unavailable;
export const neverProcessor = unavailable;
export const nonoptionalProcessor = unavailable;
export const nullProcessor = unavailable;
export const nullableProcessor = unavailable;
export const numberProcessor = unavailable;
export const objectProcessor = unavailable;
export const optionalProcessor = unavailable;
export const pipeProcessor = unavailable;
export const prefaultProcessor = unavailable;
export const promiseProcessor = unavailable;
export const readonlyProcessor = unavailable;
export const recordProcessor = unavailable;
export const setProcessor = unavailable;
export const stringProcessor = unavailable;
export const successProcessor = unavailable;
export const symbolProcessor = unavailable;
export const templateLiteralProcessor = unavailable;
export const transformProcessor = unavailable;
export const tupleProcessor = unavailable;
export const undefinedProcessor = unavailable;
export const unionProcessor = unavailable;
export const unknownProcessor = unavailable;
export const voidProcessor = unavailable;
