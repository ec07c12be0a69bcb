import { z } from 'zod';
import { Id } from '../../shared/schemas/common.js';
import { EventParams, FairnessQuery, FairnessReport, MultiRoundBody, MultiRoundResult, Pairings, PutRulesBody, RoundRobinBody, RoundRobinResult, RulesResponse, SecondRoundBody, WavesBody, WavesResult } from '../../shared/schemas/scheduling.js';
import { AppError } from '../http/errors.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { createRoundRobin, createWaves, secondRoundOf, storedRoundRobin } from './events.service.js';
import { createMultiRound, fairnessOf } from './multi-round.service.js';
import { putRules, storedRules } from './pairings.service.js';

/** The event of `/events/:id/…` is the trip: the same id, the same organizers. */
const tags = ['Scheduling'];
const EDIT_ERRORS = ['round_not_editable', 'round_state_conflict', 'revision_conflict', 'group_size_out_of_range', 'unprocessable'] as const;

export const eventRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/events/:tripId/rules',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "The trip's Keep Together and Keep Apart rules",
    tags,
    params: EventParams,
    responses: { 200: { description: 'Rules, highest priority wins on conflict', schema: RulesResponse } },
    handler: async ({ trip, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: { rules: await storedRules(db) } };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/events/:tripId/rules',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Replace the trip\'s scheduling rules',
    description: 'Keep Together: the players share a group. Keep Apart: no two of them share one. Priority 1–10; when rules conflict the higher priority wins, and pairings list each rule they could not honour and why. Players must be on the trip (422).',
    tags,
    params: EventParams,
    body: PutRulesBody,
    responses: { 200: { description: 'The stored rules', schema: RulesResponse } },
    errors: ['unknown_player'],
    handler: async ({ trip, body, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: { rules: await putRules(deps, db, body.rules) } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/events/:tripId/round-robin',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Generate a round-robin schedule',
    description:
      'Circle method: every participant meets every other exactly once, one match each per round, matchups evenly spread; with an odd count one participant has a bye each round. ' +
      'Teams are the players\' `team` names; seeding by team order or custom (`order` naming every participant), alphabetical or handicap. Each round comes as a tee sheet of twosomes, foursomes or sixsomes. ' +
      'A match with more players than the format is split as pairings split a field (as few groups as the format allows, sizes within one; in twosomes an odd player makes one threesome), ' +
      'each group holding players of both teams; when the smaller team has too few players for that, `problems` says which round and match and how many groups hold one team. ' +
      'Stored: `GET` reads it again.',
    tags,
    params: EventParams,
    body: RoundRobinBody,
    responses: { 201: { description: 'The schedule', schema: RoundRobinResult } },
    errors: ['unknown_player', 'unprocessable'],
    handler: async ({ trip, body, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { status: 201, body: await createRoundRobin(deps, trip.tripId, db, body) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/events/:tripId/round-robin',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'The round-robin schedule generated last',
    tags,
    params: EventParams,
    responses: { 200: { description: 'The schedule', schema: RoundRobinResult } },
    errors: ['not_found'],
    handler: async ({ trip, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: await storedRoundRobin(db) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/events/:tripId/second-round',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Make the second round of a two-round event from the first',
    description: 'The first round\'s groups and tee times, with any of: swap starting tees (1 to 10, 10 to 1), swap AM/PM sessions, reverse the group order. Written under the rounds editing rules.',
    tags,
    params: EventParams,
    body: SecondRoundBody,
    responses: { 200: { description: "The second round's pairings", schema: Pairings } },
    errors: [...EDIT_ERRORS],
    handler: async ({ trip, body, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: await secondRoundOf(deps, trip.tripId, db, body) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/events/:tripId/waves',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Assign a round's players to waves over several courses",
    description:
      'Each course has its starting holes and tee-time windows (AM/PM or Wave 1/2/3). Players are assigned by division, flight, handicap, at random, or by a custom field, ' +
      'then grouped within their wave, each wave split as pairings split a field (as few groups as the size allows, sizes within one; in twosomes an odd player makes one threesome). ' +
      'Nobody tees off alone when any placement avoids it: a player who would be alone joins a wave with room, or a player of a full wave joins them; `problems` names such moves and every group mixing two divisions, flights or field values. ' +
      'Players who do not fit are listed in `unplaced` with the problem.',
    tags,
    params: EventParams,
    body: WavesBody,
    responses: { 200: { description: 'The wave plan', schema: WavesResult } },
    errors: ['unprocessable'],
    handler: async ({ trip, body, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: await createWaves(deps, trip.tripId, db, body) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/events/:tripId/multi-round-pairings',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Pair several rounds at once: consistent or rotating',
    description:
      'consistent: identical groups every round. rotating: players meet as many different partners as possible, with zero repeated pairs wherever the field allows it: ' +
      'known designs (circle method for twosomes; affine planes of order 3, 4 and 5 for 9 in threesomes, 16 in foursomes and 25 in fivesomes; the Kirkman schoolgirl design for 15 in threesomes; cyclic designs for other standard fields such as 32 in foursomes over 10 rounds), ' +
      'else a seeded search that minimises repeated meetings and then the most meetings of any pair. ' +
      'The trip\'s other rounds with groups (or those in `fixedRoundIds`) are kept as they are: their pairs count as already met, so the rounds paired avoid them, and their groups are never written. ' +
      'Repeats, the rounds each repeated pair shares, the partners each player meets and the fairness are counted over the kept and the paired rounds together (`countedRoundIds`, play order), never the paired rounds alone. The trip\'s Keep Together/Keep Apart rules are honoured where they can be (broken ones listed per round). ' +
      'With `teeTimes` every round gets tee times (the bulk-tee-times options); `optimizeFairness` then orders each round\'s groups over the starts so that early/late and front/back starts even out per player, counting the kept rounds\' tee times as they are. ' +
      'Each round\'s groups are written under the rounds editing rules; a round with scorecards must keep its players (409, nothing written).',
    tags,
    params: EventParams,
    body: MultiRoundBody,
    responses: { 200: { description: 'The rounds\' pairings, repeats and fairness', schema: MultiRoundResult } },
    errors: ['unknown_player', ...EDIT_ERRORS],
    handler: async ({ trip, body, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: await createMultiRound(deps, trip.tripId, db, body) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/events/:tripId/fairness',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Per-player tee-time fairness across rounds',
    description:
      'Early vs late tee times (earlier or later half of a round\'s distinct times; a shotgun is neither), front vs back nine starts, and a score from 0 to 100 (100: both even; 100 − 50 × (|early − late| + |front − back|) / rounds). ' +
      'Computed from the rounds as they stand: those in `roundIds` (comma-separated), else the last multi-round schedule\'s, else every round with tee times.',
    tags,
    params: EventParams,
    query: FairnessQuery,
    responses: { 200: { description: 'Fairness per player and overall', schema: FairnessReport } },
    errors: ['unprocessable'],
    handler: async ({ trip, query, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: await fairnessOf(trip.tripId, db, query.roundIds) };
    },
  }),
];
