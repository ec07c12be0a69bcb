import type { RouteSpec } from '../http/route.js';

/** Availability per trip day and per round (issue 8). */
export const availabilityRoutes: RouteSpec[] = [];
