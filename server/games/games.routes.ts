import type { RouteSpec } from '../http/route.js';

/** Side games (skins, Nassau), the point game and team scorecards: routes of issue 4, filled in by that work. */
export const gameRoutes: RouteSpec[] = [];
