import type { RouteSpec } from '../http/route.js';

/** Leaderboards for the dashboard and the portal: routes of issue 4, filled in by that work. */
export const leaderboardRoutes: RouteSpec[] = [];
