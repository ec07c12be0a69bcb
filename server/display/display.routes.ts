import {
  DISPLAY_PREVIEW_TTL_SECONDS,
  DisplayAccessCode,
  DisplayCodeParams,
  DisplayConfig,
  DisplayPayload,
  DisplayPreviewToken,
  DisplaySettingsBody,
} from '../../shared/schemas/display.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { PUBLIC_MAX_AGE_SECONDS, publicReply } from './display.cache.js';
import { codePayload, displayPayload, presentConfig, publicCodePath, publicTripPayload, saveConfig } from './display.service.js';
import { regenerateCode, revokeCode } from './display.store.js';
import { publicBase } from '../http/origin.js';
import type { AppDeps } from '../deps.js';
import { zodDetails } from '../http/errors.js';

/**
 * Display manager (issue 8): the organizer configures what a TV shows and previews it under `/trips/:tripId/display`;
 * the TV reads the same payload without credentials under `/display/*`, by trip while the organizer made it public,
 * or by a random, revocable access code. Spec rule 3: public display by trip or by access code is a public view
 * served by the display manager.
 */

const tags = ['Display'];
const PAYLOAD =
  'The trip (name, dates, destination, time zone), the display settings, and one entry per configured panel: the featured round\u2019s ' +
  'leaderboard (names, positions, to par, totals, thru), its skins games (skins won per player), the schedule (rounds with dates, start ' +
  'times and courses) and the tee sheet (groups with tee times and players). Players appear by name (and team) only: no email, phone, ' +
  'player or token id, handicap, or money. The featured round is the one chosen in the settings, else the round in progress, else the ' +
  'next ready round, else the latest completed one; the tee sheet shows the chosen round, else the next round to play.';
const PUBLIC =
  `Public, read-only, no credentials. Cacheable: a strong \`ETag\` (SHA-256 of the body) and \`Cache-Control: public, max-age=${PUBLIC_MAX_AGE_SECONDS}\`; ` +
  'a request whose `If-None-Match` names the current tag answers 304 without a body. GET and HEAD only. ';

const configRoutes = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/display',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "The trip's display configuration",
    description: 'The settings in force (the defaults until saved), the public URL while the display is public, and whether an access code is active (the code itself is shown only when generated).',
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'The configuration', schema: DisplayConfig } },
    errors: ['trip_not_ready'],
    handler: async ({ trip, deps, ctx }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: await presentConfig(deps, trip.tripId, db, publicBase(deps, ctx)) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trips/:tripId/display',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Replace the trip's display configuration",
    description:
      'The whole configuration; a field left out takes its default. `panels` (in display order, each once, at least one) from leaderboard, ' +
      'skins, schedule, tee_sheet; `rotationSeconds` 5\u2013300; `theme` dark, light or high_contrast; `public` opens `/display/trips/:tripId` ' +
      'to anyone; `leaderboard.roundId` pins the round the panels show (null: the featured round), `leaderboard.basis` gross, net or ' +
      'stableford (null: the round\u2019s default). A round that is not the trip\u2019s answers 422.',
    tags,
    params: TripIdParams,
    body: DisplaySettingsBody,
    responses: { 200: { description: 'The configuration saved', schema: DisplayConfig } },
    errors: ['trip_not_ready', 'unprocessable'],
    handler: async ({ trip, body, deps, ctx }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: await saveConfig(deps, trip.tripId, db, body, publicBase(deps, ctx)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/display/access-code',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Generate (or regenerate) the display access code',
    description:
      'A new random code (16 characters of base32, 80 bits) that opens `/display/codes/:code`, whether or not the display is public. It is ' +
      'shown in this answer only and stored as a SHA-256 hash; any earlier code stops working at once.',
    tags,
    params: TripIdParams,
    responses: { 201: { description: 'The new code, shown once', schema: DisplayAccessCode } },
    errors: ['trip_not_ready'],
    handler: async ({ trip, deps, ctx }) => {
      await loadTripDoc(deps, trip);
      const { code, createdAt } = await regenerateCode(deps, trip.tripId);
      const url = publicBase(deps, ctx) + publicCodePath(code);
      return { status: 201, headers: { 'Cache-Control': 'no-store' }, body: { tripId: trip.tripId, code, url, createdAt } };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/display/access-code',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Revoke the display access code',
    description: 'The code stops working at once. Idempotent: 204 whether or not a code was active.',
    tags,
    params: TripIdParams,
    responses: { 204: { description: 'Revoked' } },
    errors: ['trip_not_ready'],
    handler: async ({ trip, deps }) => {
      await loadTripDoc(deps, trip);
      await revokeCode(deps, trip.tripId);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/display/data',
    sharedPerState: true,
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Preview the aggregated display payload',
    description: `Exactly what the public views answer for this trip, public or not. ${PAYLOAD}`,
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'The display payload', schema: DisplayPayload } },
    errors: ['trip_not_ready'],
    handler: async ({ trip, deps }) => ({ headers: { 'Cache-Control': 'no-store' }, body: await displayPayload(deps, trip) }),
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/display/preview-token',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'A display preview token',
    description:
      `A token for the organizer's preview of the TV page (\`/display/trips/:tripId#token=<token>\`), public display or not. It reads this ` +
      `trip's display (\`GET /trips/:tripId/display/preview\`) and nothing else: every other route, another trip's display included, ` +
      `refuses it. It works ${DISPLAY_PREVIEW_TTL_SECONDS / 60} minutes, while its organizer still organizes the trip and has not reset ` +
      'the password since. The dashboard token is never put in a page address; this token is.',
    tags,
    params: TripIdParams,
    responses: { 201: { description: 'The token', schema: DisplayPreviewToken } },
    errors: ['trip_not_ready'],
    handler: async ({ trip, auth, deps }) => {
      await loadTripDoc(deps, trip);
      const { token, expiresAt } = await deps.keys.signDisplayPreview({ sub: auth.sub, tripId: trip.tripId }, DISPLAY_PREVIEW_TTL_SECONDS);
      const path = `/display/trips/${encodeURIComponent(trip.tripId)}#token=${encodeURIComponent(token)}`;
      return { status: 201, headers: { 'Cache-Control': 'no-store' }, body: { tripId: trip.tripId, token, expiresAt, path } };
    },
  }),
];

/** What the organizer's preview of the TV page reads, with a display preview token (not the dashboard's). */
const previewRoutes = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/display/preview',
    sharedPerState: true,
    auth: 'display_preview',
    trip: 'organizer',
    summary: 'The display payload, for an organizer preview',
    description:
      'What `/trips/:tripId/display/data` answers, read with a display preview token of this trip (`POST /trips/:tripId/display/preview-token`). ' +
      'A dashboard token or a portal session is refused (401 `wrong_auth_mode`), a preview token of another trip too (403 `forbidden`), ' +
      `an expired one with 401 \`token_expired\`. ${PAYLOAD}`,
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'The display payload', schema: DisplayPayload } },
    errors: ['trip_not_ready', 'forbidden'],
    handler: async ({ trip, deps }) => ({ headers: { 'Cache-Control': 'no-store' }, body: await displayPayload(deps, trip) }),
  }),
];

const publicRoutes = [
  defineRoute({
    method: 'get',
    path: '/display/trips/:tripId',
    sharedPerState: true,
    auth: 'public',
    summary: 'Public display of a trip',
    description: `${PUBLIC}404 \`trip_not_found\` unless the trip exists and its display is public (one answer for both, so the view does not reveal which trips exist). ${PAYLOAD}`,
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'The display payload', schema: DisplayPayload }, 304: { description: 'Not modified: the cached copy named by If-None-Match is current' } },
    errors: ['trip_not_found'],
    handler: async ({ params, ctx, deps }) => publicReply(ctx, await publicTripPayload(deps, params.tripId), checked(deps)),
  }),
  defineRoute({
    method: 'get',
    path: '/display/codes/:code',
    sharedPerState: true,
    auth: 'public',
    summary: 'Public display by access code',
    description: `${PUBLIC}404 \`not_found\` for a code that is unknown, regenerated or revoked. Letters may be typed in either case. ${PAYLOAD}`,
    tags,
    params: DisplayCodeParams,
    responses: { 200: { description: 'The display payload', schema: DisplayPayload }, 304: { description: 'Not modified: the cached copy named by If-None-Match is current' } },
    errors: ['not_found'],
    handler: async ({ params, ctx, deps }) => publicReply(ctx, await codePayload(deps, params.code), checked(deps)),
  }),
];

/** The payload checked against its schema where responses are checked (tests): the reply sends bytes, not the object. */
function checked(deps: AppDeps) {
  return (body: object) => {
    if (!deps.validateResponses) return;
    const r = DisplayPayload.safeParse(body);
    if (!r.success) throw new Error(`a display answered a payload its schema refuses: ${JSON.stringify(zodDetails(r.error))}`);
  };
}

/** Display manager: configuration, TV data, public views (issue 8). */
export const displayRoutes: RouteSpec[] = [...configRoutes, ...previewRoutes, ...publicRoutes];

