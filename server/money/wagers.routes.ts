import type { RouteSpec } from '../http/route.js';

export const wagerRoutes: RouteSpec[] = [];
