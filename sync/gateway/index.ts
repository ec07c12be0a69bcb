/** The replication gateway (CouchDB's replication protocol under `/sync/trips/:tripId`, see README.md beside this folder): mount `createSyncGateway(policy, options)` on the Koa app. */
export { createSyncGateway, SYNC_PREFIX, type SyncGatewayOptions } from './gateway.js';
export { CouchError } from './couch-errors.js';
export type { GatewayBulkResult, GatewayChangeRow, GatewayDatabase, GatewayDoc, GatewayPolicy, SyncActor, WriteRefusal } from './types.js';
export { compileSelector, SelectorError, type Matcher } from './selector.js';
