import { CopyRoundTeesBody, RoundTeesResult, SetRoundTeesBody } from '../../shared/schemas/round-tees.js';
import { RoundParams, type RoundDoc } from '../../shared/schemas/round.js';
import { defineRoute } from '../http/route.js';
import { loadTripDoc, stripDoc } from '../trips/trip-db.js';
import { roundPlayerIds } from '../../shared/domain/rounds.js';
import type { StoredDoc } from '../store/docstore.js';
import { copyRoundTees, setRoundTees } from './round-tees.service.js';

const tags = ['Rounds'];
const present = (tripId: string, r: { round: RoundDoc & StoredDoc; changed: RoundTeesResult['changed']; notCopied: RoundTeesResult['notCopied'] }) => ({
  round: { ...stripDoc(r.round), playerIds: roundPlayerIds(r.round), tripId },
  changed: r.changed,
  notCopied: r.notCopied,
});

const WHEN =
  'Draft, ready and in-play rounds: in a ready or started round each changed player\'s scorecard is rated anew from the new tees ' +
  "(Course Rating, Slope Rating, par; the Handicap Index frozen on it stays), so Course Handicap, Playing Handicap and the strokes per hole " +
  'follow on the phones, boards and games; holes already entered stay as entered and their net results are counted again. ' +
  'A completed round answers 409 `round_not_editable`. A tee the course does not have answers 422 `unknown_tee`, a player not in the round ' +
  '422 `unknown_player`; once scorecards exist, a change leaving a player without tees answers 422 `unprocessable`. Nothing changes on a refusal.';

export const roundTeeRoutes = [
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/rounds/:roundId/tees',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Choose who plays which tees in a round',
    description:
      "A player without tees of their own plays the round's default tees. `players` gives players their own tees (null: back to the default); " +
      '`defaultTee` changes the default; `everyone` puts every player on one set of tees (the default, with every own tee cleared). ' +
      WHEN +
      ' The answer lists each player whose tees changed with the handicaps they now play off.',
    tags,
    params: RoundParams,
    body: SetRoundTeesBody,
    responses: { 200: { description: 'The round and who changed tees', schema: RoundTeesResult } },
    errors: ['round_not_found', 'round_not_editable', 'unknown_tee', 'unknown_player', 'unprocessable'],
    handler: async ({ trip, params, body, deps }) => {
      await loadTripDoc(deps, trip);
      return { body: present(trip.tripId, await setRoundTees(deps, trip.tripId, params.roundId, body)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/rounds/:roundId/tees/copy',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Copy another round's tees onto this round",
    description:
      "Takes the other round's default tees and, for each player of both rounds, their own tees, where this round's course has tees of that " +
      'name (any case); the others are listed in `notCopied` and those players keep theirs. Players of this round only keep theirs too. ' +
      'A round is also given the tees of the previous round of the trip on the same course when it is made without player tees. ' +
      WHEN +
      ' An unknown round is 404 `round_not_found`; a round with nothing this one can take is 422 `unprocessable`.',
    tags,
    params: RoundParams,
    body: CopyRoundTeesBody,
    responses: { 200: { description: 'The round, who changed tees and what could not be copied', schema: RoundTeesResult } },
    errors: ['round_not_found', 'round_not_editable', 'unknown_tee', 'unknown_player', 'unprocessable'],
    handler: async ({ trip, params, body, deps }) => {
      await loadTripDoc(deps, trip);
      return { body: present(trip.tripId, await copyRoundTees(deps, trip.tripId, params.roundId, body)) };
    },
  }),
];
