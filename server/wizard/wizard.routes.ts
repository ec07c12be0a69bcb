import { publicBase } from '../http/origin.js';
import { z } from 'zod';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { WizardBody, WizardStatus } from '../../shared/schemas/wizard.js';
import { defineRoute } from '../http/route.js';
import { retryWizard, startWizard, wizardStatus } from './wizard.runner.js';

const tags = ['Trip wizard'];

export const WizardAccepted = z.object({ tripId: z.string(), status: z.string(), statusUrl: z.string() });

export const wizardRoutes = [
  defineRoute({
    method: 'post',
    path: '/trips/wizard',
    auth: 'dashboard',
    summary: 'Create a whole trip in one request',
    description:
      'Basics, players, rounds (players referenced by `ref` or email), teams, competitions and portal-token options. The whole body is ' +
      'validated first (400 for bad fields, groups outside 2–6 players among them; 422 for references that do not resolve); then the answer is 202 ' +
      'and the steps run in the background: create_database, trip, players, teams, rounds, competitions, portal_tokens, activate.',
    tags,
    body: WizardBody,
    responses: { 202: { description: 'Accepted; poll the status URL', schema: WizardAccepted } },
    errors: ['unknown_player', 'duplicate_player', 'duplicate_email', 'group_size_out_of_range', 'unknown_tee', 'unprocessable'],
    handler: async ({ auth, body, deps }) => {
      const job = await startWizard(deps, auth.sub, body);
      const statusUrl = `/trips/${job.tripId}/wizard/status`;
      return { status: 202, headers: { Location: statusUrl }, body: { tripId: job.tripId, status: job.status, statusUrl } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/wizard/status',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Progress of the wizard, step by step',
    description: 'Each step is pending, running, done, skipped or failed (with its reason). Issued portal tokens are shown in full on the first read after they exist, and never again.',
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'The wizard status', schema: WizardStatus } },
    errors: ['not_found'],
    handler: async ({ trip, deps, ctx }) => ({ headers: { 'Cache-Control': 'no-store' }, body: await wizardStatus(deps, trip.tripId, publicBase(deps, ctx)) }),
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/wizard/retry',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Resume a failed wizard from its failed step',
    description: 'Steps already done are not run again; every step is idempotent, so a retry never duplicates a player. 409 unless the wizard failed.',
    tags,
    params: TripIdParams,
    responses: { 202: { description: 'Resumed', schema: WizardAccepted } },
    errors: ['not_found', 'wizard_not_failed'],
    handler: async ({ trip, deps }) => {
      await retryWizard(deps, trip.tripId);
      const statusUrl = `/trips/${trip.tripId}/wizard/status`;
      return { status: 202, headers: { Location: statusUrl }, body: { tripId: trip.tripId, status: 'pending', statusUrl } };
    },
  }),
];
