import type { RouteSpec } from '../http/route.js';

/** Activities: CRUD, RSVPs with capacity, views by date, stats (issue 8). */
export const activityRoutes: RouteSpec[] = [];
