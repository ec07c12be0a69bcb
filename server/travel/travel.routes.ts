import type { RouteSpec } from '../http/route.js';
import { flightRoutes } from './flights.routes.js';
import { lodgingRoutes } from './lodging.routes.js';
import { rideBoardRoutes } from './ride-board.routes.js';
import { rideRoutes } from './rides.routes.js';

/**
 * Travel: flights, rental cars, accommodations, rides and the ride board (issue 8). Each action is a dashboard
 * route under `/trips/:tripId/…` for organizers and, where players may use it, a portal route under
 * `/trip-portal/trips/:tripId/…` (see `server/http/trip-routes.ts`). Every document lives in the trip database.
 */
export const travelRoutes: RouteSpec[] = [...flightRoutes, ...lodgingRoutes, ...rideRoutes, ...rideBoardRoutes];
