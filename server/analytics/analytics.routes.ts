import type { RouteSpec } from '../http/route.js';

/** Analytics: summary, head-to-head, MVP, fun stats, rivalries (issue 8). */
export const analyticsRoutes: RouteSpec[] = [];
