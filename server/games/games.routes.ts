import type { RouteSpec } from '../http/route.js';
import { pointGameRoutes } from './pointgames.routes.js';
import { portalSideGameRoutes } from './portal-sidegames.routes.js';
import { sideGameRoutes } from './sidegames.routes.js';
import { teamcardRoutes } from './teamcards.routes.js';

/**
 * Side games (skins, Nassau), the point game and team scorecards: routes of issue 4. Dashboard routes live under
 * `/trips/:tripId/…` (organizers of the trip), portal routes under `/trip-portal/trips/:tripId/…` (the session's
 * player). Every state is computed from the round's documents with the pure rules of `shared/domain`.
 */
export const gameRoutes: RouteSpec[] = [...sideGameRoutes, ...portalSideGameRoutes, ...pointGameRoutes, ...teamcardRoutes];
