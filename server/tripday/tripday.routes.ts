import type { RouteSpec } from '../http/route.js';
import { controlRoomRoutes } from './control-room.routes.js';
import { historyRoutes } from './history.routes.js';
import { previewRoutes } from './preview.routes.js';

/** The organizer's trip day (issue 24): the control room of a round, the preview of a correction, a hole's history. */
export const tripDayRoutes: RouteSpec[] = [...controlRoomRoutes, ...previewRoutes, ...historyRoutes];
