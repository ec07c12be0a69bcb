import type { RouteSpec } from '../http/route.js';

/** Competitions and team matches: routes of issue 4, filled in by that work. */
export const competitionRoutes: RouteSpec[] = [];
