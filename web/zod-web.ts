/**
 * zod for the browser bundles. `import { z } from 'zod'` is a namespace object holding all of zod, so a bundler
 * keeps all of it, about 40 locales and the JSON Schema converters included (≈ 450 KB minified). The browser
 * apps only parse with the shared schemas, in English: `web/build.ts` points `zod` here, the same API without
 * `locales`, `toJSONSchema` and `fromJSONSchema` (the server, which builds /openapi.json, uses zod itself).
 */
import * as z from './zod-web-external.js';

export * from './zod-web-external.js';
export { z, z as default };
