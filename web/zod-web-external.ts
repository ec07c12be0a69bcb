/** zod's classic API (zod/v4/classic/external.js) minus locales and the JSON Schema converters; see zod-web.ts. */
export * from '../node_modules/zod/v4/classic/schemas.js';
export * from '../node_modules/zod/v4/classic/checks.js';
export * from '../node_modules/zod/v4/classic/errors.js';
export * from '../node_modules/zod/v4/classic/parse.js';
export * from '../node_modules/zod/v4/classic/compat.js';
export { globalRegistry, registry, config, $output, $input, $brand, clone, regexes, treeifyError, prettifyError, formatError, flattenError, TimePrecision, util, NEVER } from '../node_modules/zod/v4/core/index.js';
export type { input, output } from '../node_modules/zod/v4/core/index.js';
export { ZodISODateTime, ZodISODate, ZodISOTime, ZodISODuration } from '../node_modules/zod/v4/classic/iso.js';
export * as iso from '../node_modules/zod/v4/classic/iso.js';
export * as coerce from '../node_modules/zod/v4/classic/coerce.js';
