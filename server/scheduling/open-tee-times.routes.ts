import {
  BlockTeeTimesBody,
  ConfigureResult,
  MoveBookingBody,
  OpenTeeTimes,
  OpenTeeTimesBody,
  OrganizerBookBody,
  PortalBookBody,
  PortalRoundParams,
  PortalTeeTimes,
  RoundIdParams,
  RoundPlayerParams,
  TeeBookingResult,
  TeeMoveResult,
} from '../../shared/schemas/tee-booking.js';
import { roundPlayerIds } from '../../shared/domain/rounds.js';
import { AppError } from '../http/errors.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { roundForOrganizer, roundForPlayer } from './round-access.js';
import { blockTimes, bookPlayers, cancelBooking, checkPlayersOfRound, configure, moveBooking, namesOf, requireConfig, sheetView, type SheetContext } from './open-tee-times.service.js';

const tags = ['Open tee times'];
const RULES =
  'Tee times are local `HH:MM` in the trip\'s time zone on the round\'s date: `firstTime`, then every `intervalMinutes` (5 to 30), up to ' +
  '`lastTime`; each holds up to `maxPlayers` (1 to 6). A player holds at most one tee time per round. Organizers book, move and cancel anyone, ' +
  'but obey the same capacity and blocked times as players (a full or blocked tee time is 409 for everyone). A completed round refuses changes ' +
  '(409 `round_state_conflict`); a draft round takes bookings.';

const slotOf = (view: { slots: { time: string }[] }, time: string) => view.slots.find((s) => s.time === time)!;

async function cancelledView(ctx: SheetContext, cancelled: Awaited<ReturnType<typeof configure>>['cancelled']) {
  const names = cancelled.length ? await namesOf(ctx.db) : new Map<string, string>();
  return { ...(await sheetView(ctx)).view, cancelled: cancelled.map((c) => ({ ...c, name: names.get(c.playerId) ?? null })) };
}

const organizerRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/rounds/:id/open-tee-times',
    auth: 'dashboard',
    summary: 'Open tee times for self-booking, or change their configuration',
    description:
      `${RULES} The body is the whole configuration; \`blockedTimes\` must be tee times of the grid, and \`playersMayModify\` / \`playersMayCancel\` ` +
      '(default false) let players move or cancel their own booking on the portal. A change that would end bookings (their time leaves the grid, ' +
      'is blocked, or exceeds a lower maximum: the latest booked give way) is refused with 409 `bookings_affected` listing them, unless ' +
      '`force: true`, which cancels them and lists them in `cancelled`. 201 the first time, 200 after. The round is looked for among the trips you ' +
      'organize: any other is 404 `round_not_found`.',
    tags,
    params: RoundIdParams,
    body: OpenTeeTimesBody,
    responses: {
      200: { description: 'Reconfigured: the tee sheet and the bookings cancelled', schema: ConfigureResult },
      201: { description: 'Configured: the tee sheet', schema: ConfigureResult },
    },
    errors: ['round_not_found', 'round_state_conflict', 'bookings_affected', 'conflict', 'trip_not_ready'],
    handler: async ({ auth, params, body, deps }) => {
      const r = await roundForOrganizer(deps, auth, params.id);
      const ctx = { deps, ...r };
      const { force, ...config } = body;
      const { created, cancelled } = await configure(ctx, { ...config, blockedTimes: [...config.blockedTimes].sort() }, force);
      return { status: created ? 201 : 200, body: await cancelledView(ctx, cancelled) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/rounds/:id/open-tee-times',
    auth: 'dashboard',
    summary: 'The open tee times configuration with live availability',
    description: `${RULES} Each tee time lists its booked players, its free places and whether it is blocked.`,
    tags,
    params: RoundIdParams,
    responses: { 200: { description: 'The tee sheet', schema: OpenTeeTimes } },
    errors: ['round_not_found', 'not_found', 'trip_not_ready'],
    handler: async ({ auth, params, deps }) => {
      const r = await roundForOrganizer(deps, auth, params.id);
      return { body: (await sheetView({ deps, ...r })).view };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/rounds/:id/open-tee-times/block',
    auth: 'dashboard',
    summary: 'Block more tee times',
    description:
      'The times must be tee times of the grid (422 `slot_not_offered`). Booked times are refused with 409 `bookings_affected` listing the ' +
      'bookings, unless `force: true` cancels them (listed in `cancelled`). Unblocking is a reconfiguration (`POST /rounds/:id/open-tee-times`).',
    tags,
    params: RoundIdParams,
    body: BlockTeeTimesBody,
    responses: { 200: { description: 'The tee sheet and the bookings cancelled', schema: ConfigureResult } },
    errors: ['round_not_found', 'not_found', 'round_state_conflict', 'slot_not_offered', 'bookings_affected', 'conflict', 'trip_not_ready'],
    handler: async ({ auth, params, body, deps }) => {
      const ctx = { deps, ...(await roundForOrganizer(deps, auth, params.id)) };
      const { cancelled } = await blockTimes(ctx, body.times, body.force);
      return { body: await cancelledView(ctx, cancelled) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/rounds/:id/open-tee-times/bookings',
    auth: 'dashboard',
    summary: 'Book players of the round into a tee time',
    description:
      `${RULES} All or none: 409 \`already_booked\` when one of them holds a tee time of this round (move it instead), \`slot_full\` when the ` +
      'free places are fewer than the players, `slot_blocked`; 422 `slot_not_offered` for a time off the grid, `player_not_in_round`.',
    tags,
    params: RoundIdParams,
    body: OrganizerBookBody,
    responses: { 201: { description: 'Booked: the tee time', schema: TeeBookingResult } },
    errors: ['round_not_found', 'not_found', 'round_state_conflict', 'already_booked', 'slot_full', 'slot_blocked', 'slot_not_offered', 'player_not_in_round', 'conflict', 'trip_not_ready'],
    handler: async ({ auth, params, body, deps }) => {
      const ctx = { deps, ...(await roundForOrganizer(deps, auth, params.id)) };
      await bookPlayers(ctx, body.time, body.playerIds, { kind: 'organizer', sub: auth.sub });
      return { status: 201, body: { time: body.time, playerIds: body.playerIds, slot: slotOf((await sheetView(ctx)).view, body.time) } };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/rounds/:id/open-tee-times/bookings/:playerId',
    auth: 'dashboard',
    summary: "Move a player's booking to another tee time",
    description: `${RULES} 404 when the player has no tee time. The player is never in two tee times nor in none, even mid-move.`,
    tags,
    params: RoundPlayerParams,
    body: MoveBookingBody,
    responses: { 200: { description: 'Moved: the new tee time', schema: TeeMoveResult } },
    errors: ['round_not_found', 'not_found', 'round_state_conflict', 'slot_full', 'slot_blocked', 'slot_not_offered', 'conflict', 'trip_not_ready'],
    handler: async ({ auth, params, body, deps }) => {
      const ctx = { deps, ...(await roundForOrganizer(deps, auth, params.id)) };
      const { from } = await moveBooking(ctx, params.playerId, body.time);
      return { body: { playerId: params.playerId, from, time: body.time, slot: slotOf((await sheetView(ctx)).view, body.time) } };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/rounds/:id/open-tee-times/bookings/:playerId',
    auth: 'dashboard',
    summary: "Cancel a player's booking",
    description: '404 when the player has no tee time in this round.',
    tags,
    params: RoundPlayerParams,
    responses: { 204: { description: 'Cancelled' } },
    errors: ['round_not_found', 'not_found', 'round_state_conflict', 'conflict', 'trip_not_ready'],
    handler: async ({ auth, params, deps }) => {
      const ctx = { deps, ...(await roundForOrganizer(deps, auth, params.id)) };
      await cancelBooking(ctx, params.playerId);
      return { status: 204 };
    },
  }),
];

const portalTags = ['Portal', 'Open tee times'];
const PORTAL_PATH = '/trip-portal/trips/:tripId/rounds/:roundId/tee-times';

/** The player's round and tee sheet; 404 `not_found` while the organizer has not opened tee times. */
async function playerSheet(deps: SheetContext['deps'], auth: Parameters<typeof roundForPlayer>[1], tripId: string, roundId: string) {
  const r = await roundForPlayer(deps, auth, tripId, roundId);
  const ctx: SheetContext = { deps, db: r.db, tripId: r.tripId, trip: r.trip, round: r.round };
  return { r, ctx };
}

const portalRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: PORTAL_PATH,
    auth: 'portal',
    summary: 'Open tee times of a round with live availability, and mine',
    description: `${RULES} \`me.time\` is my tee time (null when I have none); \`me.playsRound\` says whether I may book in this round.`,
    tags: portalTags,
    params: PortalRoundParams,
    responses: { 200: { description: 'The tee sheet', schema: PortalTeeTimes } },
    errors: ['forbidden', 'trip_not_found', 'player_not_found', 'round_not_found', 'not_found'],
    handler: async ({ auth, params, deps }) => {
      const { r, ctx } = await playerSheet(deps, auth, params.tripId, params.roundId);
      const { view, timeOf } = await sheetView(ctx);
      return { body: { ...view, me: { playerId: r.playerId, time: timeOf.get(r.playerId) ?? null, playsRound: roundPlayerIds(r.round).includes(r.playerId) } } };
    },
  }),
  defineRoute({
    method: 'post',
    path: `${PORTAL_PATH}/bookings`,
    auth: 'portal',
    summary: 'Book a tee time for me and friends',
    description:
      `${RULES} I am always booked; \`friendIds\` (up to 5) are other players of the round booked with me, all or none: 409 \`already_booked\` ` +
      'when one of us holds a tee time of this round, `slot_full`, `slot_blocked`; 422 `slot_not_offered`, `player_not_in_round` (me or a friend). ' +
      'Each friend then owns their booking: they move or cancel it themselves, where the organizer allows.',
    tags: portalTags,
    params: PortalRoundParams,
    body: PortalBookBody,
    responses: { 201: { description: 'Booked: the tee time', schema: TeeBookingResult } },
    errors: ['forbidden', 'trip_not_found', 'player_not_found', 'round_not_found', 'not_found', 'round_state_conflict', 'already_booked', 'slot_full', 'slot_blocked', 'slot_not_offered', 'player_not_in_round', 'conflict'],
    handler: async ({ auth, params, body, deps }) => {
      const { r, ctx } = await playerSheet(deps, auth, params.tripId, params.roundId);
      const playerIds = [r.playerId, ...body.friendIds.filter((f) => f !== r.playerId)];
      checkPlayersOfRound(r.round, playerIds);
      await bookPlayers(ctx, body.time, playerIds, { kind: 'player', playerId: r.playerId });
      return { status: 201, body: { time: body.time, playerIds, slot: slotOf((await sheetView(ctx)).view, body.time) } };
    },
  }),
  defineRoute({
    method: 'patch',
    path: `${PORTAL_PATH}/bookings`,
    auth: 'portal',
    summary: 'Move my booking to another tee time',
    description:
      'Only when the organizer lets players modify bookings (`playersMayModify`, else 403). Moves my booking only: friends booked with me keep ' +
      'their tee time. 404 when I have no tee time. Same capacity and blocked-time rules as booking.',
    tags: portalTags,
    params: PortalRoundParams,
    body: MoveBookingBody,
    responses: { 200: { description: 'Moved: the new tee time', schema: TeeMoveResult } },
    errors: ['forbidden', 'trip_not_found', 'player_not_found', 'round_not_found', 'not_found', 'round_state_conflict', 'slot_full', 'slot_blocked', 'slot_not_offered', 'conflict'],
    handler: async ({ auth, params, body, deps }) => {
      const { r, ctx } = await playerSheet(deps, auth, params.tripId, params.roundId);
      if (!(await requireConfig(ctx.db, r.round.id)).playersMayModify) throw new AppError('forbidden', 'the organizer does not let players change their bookings');
      const { from } = await moveBooking(ctx, r.playerId, body.time);
      return { body: { playerId: r.playerId, from, time: body.time, slot: slotOf((await sheetView(ctx)).view, body.time) } };
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${PORTAL_PATH}/bookings`,
    auth: 'portal',
    summary: 'Cancel my booking',
    description: 'Only when the organizer lets players cancel (`playersMayCancel`, else 403). Cancels mine only. 404 when I have no tee time.',
    tags: portalTags,
    params: PortalRoundParams,
    responses: { 204: { description: 'Cancelled' } },
    errors: ['forbidden', 'trip_not_found', 'player_not_found', 'round_not_found', 'not_found', 'round_state_conflict', 'conflict'],
    handler: async ({ auth, params, deps }) => {
      const { r, ctx } = await playerSheet(deps, auth, params.tripId, params.roundId);
      if (!(await requireConfig(ctx.db, r.round.id)).playersMayCancel) throw new AppError('forbidden', 'the organizer does not let players cancel their bookings');
      await cancelBooking(ctx, r.playerId);
      return { status: 204 };
    },
  }),
];

/** Open tee times (issue 6): organizer routes under `/rounds/:id`, player routes under the portal. */
export const openTeeTimeRoutes: RouteSpec[] = [...organizerRoutes, ...portalRoutes];
