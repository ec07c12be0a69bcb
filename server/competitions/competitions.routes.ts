import { z } from 'zod';
import { Competition, CompetitionParams, CreateCompetitionBody, PatchCompetitionBody, type CompetitionDoc } from '../../shared/schemas/competition.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { loadTripDoc, stripDoc } from '../trips/trip-db.js';
import { createCompetition, deleteCompetition, getCompetition, listCompetitions, patchCompetition } from './competitions.service.js';
import { matchRoutes } from './matches.routes.js';

const tags = ['Competitions'];

export function presentCompetition(tripId: string, doc: CompetitionDoc): z.infer<typeof Competition> {
  return { ...stripDoc(doc), tripId };
}

const ALLOWANCE = '`allowancePercent` (0–100), when given, overrides the WHS Appendix C default handicap allowance of the format (terms of the competition).';

const competitionCrud = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/competitions',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Create a competition across chosen rounds',
    description: `Every round must be a round of the trip (422 \`unprocessable\`, detail rule \`unknown_round\`). ${ALLOWANCE}`,
    tags,
    params: TripIdParams,
    body: CreateCompetitionBody,
    responses: { 201: { description: 'The competition', schema: Competition } },
    errors: ['unprocessable'],
    handler: async ({ trip, body, deps }) => {
      await loadTripDoc(deps, trip);
      const doc = await createCompetition(deps, trip.tripId, body);
      return { status: 201, headers: { Location: `/trips/${trip.tripId}/competitions/${doc.id}` }, body: presentCompetition(trip.tripId, doc) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/competitions',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "List the trip's competitions",
    description: 'In the order they were created.',
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'Competitions', schema: z.object({ items: z.array(Competition) }) } },
    handler: async ({ trip, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: { items: (await listCompetitions(db)).map((c) => presentCompetition(trip.tripId, c)) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/competitions/:competitionId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Read a competition',
    tags,
    params: CompetitionParams,
    responses: { 200: { description: 'The competition', schema: Competition } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: presentCompetition(trip.tripId, await getCompetition(db, params.competitionId)) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/competitions/:competitionId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Change a competition',
    description:
      `Rounds are checked as on creation; \`allowancePercent: null\` removes the override. ${ALLOWANCE} A change that would strand team matches ` +
      '(another format while matches exist, or dropping a round that has matches) answers 409 `conflict`.',
    tags,
    params: CompetitionParams,
    body: PatchCompetitionBody,
    responses: { 200: { description: 'The competition', schema: Competition } },
    errors: ['not_found', 'unprocessable', 'conflict', 'revision_conflict'],
    handler: async ({ trip, params, body, deps }) => {
      await loadTripDoc(deps, trip);
      return { body: presentCompetition(trip.tripId, await patchCompetition(deps, trip.tripId, params.competitionId, body)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/competitions/:competitionId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Delete a competition and its team matches',
    description: 'Allowed even when a tournament pot names the competition: settling that pot is the money rules\u2019 concern.',
    tags,
    params: CompetitionParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['not_found', 'revision_conflict'],
    handler: async ({ trip, params, deps }) => {
      await loadTripDoc(deps, trip);
      await deleteCompetition(deps, trip.tripId, params.competitionId);
      return { status: 204 };
    },
  }),
];

/** Competitions and team matches (issue 4), for the dashboard. */
export const competitionRoutes: RouteSpec[] = [...competitionCrud, ...matchRoutes];
