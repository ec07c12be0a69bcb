import type { RouteSpec } from '../http/route.js';

/** Display manager: configuration, TV data, public views (issue 8). */
export const displayRoutes: RouteSpec[] = [];
