import type { AuthKeys } from './auth/keys.js';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import type { BlobStore } from './store/blobs.js';
import type { DocStore } from './store/docstore.js';

/** Points where a test can make a step fail (a fault it cannot cause otherwise). Empty in production. */
export interface FaultHooks {
  /** Called before each wizard step runs; throwing makes that step fail. */
  beforeWizardStep?: (tripId: string, step: string) => void | Promise<void>;
  /** Called when written scores were found conflicted, before they are merged (`dbName` is the trip database). */
  beforeScoreMerge?: (dbName: string, ids: readonly string[]) => void | Promise<void>;
  /** Called when a change of a round's groups in play has been decided, before it is written (issue 34). */
  beforeRegroupWrite?: (dbName: string, roundId: string) => void | Promise<void>;
}

/** Everything the app is built from. `main.ts` builds it from the environment; tests build their own. */
export interface AppDeps {
  config: Config;
  store: DocStore;
  /** Files (receipts, reports) kept out of the replicated databases; their metadata documents are in the trip database. */
  blobs: BlobStore;
  keys: AuthKeys;
  logger: Logger;
  /** The clock; every timestamp the server writes comes from here. */
  now: () => Date;
  /** New random identifiers for records. */
  newId: () => string;
  hooks: FaultHooks;
  /** Outgoing mail (invites, portal links, password resets). */
  mailer: Mailer;
  /** Check every response body against its documented schema (on in tests, so the OpenAPI document stays true). */
  validateResponses: boolean;
  /** Background work started by requests (wizard jobs), so shutdown and tests can wait for it. */
  background: Set<Promise<unknown>>;
}
