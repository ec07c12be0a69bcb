// Values that test/support/global-setup.ts hands to test files through vitest's `inject()`.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the pouchdb-server started for this run, e.g. `http://127.0.0.1:41234`. */
    couchUrl: string;
  }
}
