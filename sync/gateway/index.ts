/** The replication gateway (DESIGN.md, Offline sync): mount `createSyncGateway(policy, options)` on the Koa app. */
export { createSyncGateway, SYNC_PREFIX, type SyncGatewayOptions } from './gateway.js';
export type { GatewayBulkResult, GatewayChangeRow, GatewayDatabase, GatewayDoc, GatewayPolicy, SyncActor, WriteRefusal } from './types.js';
export { compileSelector, SelectorError, type Matcher } from './selector.js';
