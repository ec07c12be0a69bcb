import type { RouteSpec } from '../http/route.js';

/** Travel: flights, rental cars, accommodations, rides and the ride board (issue 8). */
export const travelRoutes: RouteSpec[] = [];
