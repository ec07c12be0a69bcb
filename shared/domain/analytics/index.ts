/**
 * Trip analytics (issue 8, "Analytics"): summary, head-to-head and matrix, MVP, fun stats and rivalries, as pure
 * functions of a trip's documents grouped by type (no clock, no I/O). The server calls them with documents from its
 * store; a device can call them with its replicated documents and show the same figures offline.
 * @example
 * import { tripSummary } from '../shared/domain/analytics/index.js';
 * const summary = tripSummary({ player: [...], round: [...], scorecard: [...], score: [...], competition: [], match: [] });
 */
export * from './cards.js';
export * from './summary.js';
export * from './head-to-head.js';
export * from './mvp.js';
export * from './fun-stats.js';
export * from './rivalries.js';
