/**
 * Example request bodies of the main flows, by operation (`<method> <OpenAPI path>`): an organizer registers,
 * creates a trip, adds players, a course and a round, issues portal links; a player opens the portal and enters
 * scores (over REST or the replication gateway); expenses, wagers and corrections follow. One trip and one cast
 * throughout, so the examples read as a walkthrough. Each is checked against its operation's own schema by a test.
 */

const TRIP = 'k3v9q2m8x1c7w4z6a0bd';
const AL = 'al7k2m9x4q8w1z5c3v6b';
const BO = 'bo3n8p1r6t2y9u4i7o5e';
const CY = 'cy5d1f8g3h6j2k9l4m7n';
const DI = 'di2s7a4q9w1e6r3t8y5u';
const ROUND = 'rd4f7h2k9m3p8s1v6x5z';
const SCORECARD = `${ROUND}-${AL}`;

const NINE_HOLES = [
  { number: 1, par: 4, strokeIndex: 3 },
  { number: 2, par: 4, strokeIndex: 7 },
  { number: 3, par: 3, strokeIndex: 9 },
  { number: 4, par: 5, strokeIndex: 1 },
  { number: 5, par: 4, strokeIndex: 5 },
  { number: 6, par: 4, strokeIndex: 2 },
  { number: 7, par: 3, strokeIndex: 8 },
  { number: 8, par: 4, strokeIndex: 6 },
  { number: 9, par: 5, strokeIndex: 4 },
];

const dinner = { amountCents: 18_450, category: 'food', date: '2027-04-12', description: 'Dinner at the clubhouse' };

export const EXAMPLES: Record<string, unknown> = {
  'post /auth/register': { email: 'organizer@golf-group.test', password: 'correct horse battery', name: 'Al Organizer' },
  'post /auth/login': { email: 'organizer@golf-group.test', password: 'correct horse battery' },

  'post /trips': { name: 'Spring links trip', startDate: '2027-04-12', endDate: '2027-04-15', timezone: 'Europe/Dublin', currency: 'EUR', destination: 'Co. Kerry' },
  'post /trips/{tripId}/players': { name: 'Bo Baker', email: 'bo@golf-group.test', handicapIndex: 12.4 },
  'post /trips/{tripId}/players/bulk': {
    players: [
      { name: 'Cy Carter', email: 'cy@golf-group.test', handicapIndex: 18.1, team: 'Blue' },
      { name: 'Di Dunne', phone: '+353 87 123 4567', handicapIndex: 7.9, team: 'Red' },
    ],
  },

  'post /courses': {
    name: 'Pasture Nine',
    city: 'Killarney',
    country: 'Ireland',
    holes: NINE_HOLES,
    tees: [
      { name: 'White', gender: 'M', courseRating: 35.2, slope: 121 },
      { name: 'Red', gender: 'F', courseRating: 36.0, slope: 124 },
    ],
  },
  'post /trips/{tripId}/rounds': {
    name: 'Round 1',
    date: '2027-04-13',
    startTime: '09:00',
    course: { name: 'Pasture Nine', holes: NINE_HOLES, tees: [{ name: 'White', courseRating: 35.2, slope: 121, par: 36 }] },
    defaultTee: 'White',
    groups: [
      { playerIds: [AL, BO], teeTime: '09:00' },
      { playerIds: [CY, DI], teeTime: '09:10' },
    ],
  },

  'post /trip-portal/token': { tripId: TRIP, playerId: BO },
  'post /trip-portal/tokens/bulk': { tripId: TRIP, expiresAt: '2027-04-22T23:59:59Z' },
  'post /trip-portal/validate': { token: 'the secret from the portal link' },

  'put /trip-portal/scorecards/{scorecardId}/scores': { hole: 1, strokes: 5, deviceId: 'phone-al', enteredAt: '2027-04-13T09:14:00+01:00' },
  'post /trip-portal/scorecards/{scorecardId}/scores/bulk': {
    scores: [
      { hole: 1, strokes: 5, deviceId: 'phone-al', enteredAt: '2027-04-13T09:14:00+01:00' },
      { hole: 2, strokes: 4, deviceId: 'phone-al', enteredAt: '2027-04-13T09:31:00+01:00' },
      { hole: 3, strokes: null, deviceId: 'phone-al', enteredAt: '2027-04-13T09:45:00+01:00' },
    ],
  },
  'put /trips/{tripId}/scorecards/{scorecardId}/scores/{hole}': { strokes: 4, reason: 'Marker misread the card' },
  'post /trips/{tripId}/scorecards/{scorecardId}/scores/bulk': {
    scores: [
      { hole: 4, strokes: 6 },
      { hole: 5, strokes: 4 },
    ],
    reason: 'Entered from the paper card',
  },
  'post /sync/trips/{tripId}/_bulk_docs': {
    docs: [
      {
        _id: `score:${SCORECARD}:1`,
        _rev: '1-4f0a9c2e7b1d3f5a8c6e0b2d4f6a8c0e',
        type: 'score',
        scorecardId: SCORECARD,
        roundId: ROUND,
        playerId: AL,
        hole: 1,
        strokes: 5,
        enteredBy: AL,
        deviceId: 'phone-al',
        enteredAt: '2027-04-13T09:14:00+01:00',
        createdAt: '2027-04-13T08:14:00.000Z',
        updatedAt: '2027-04-13T08:14:00.000Z',
      },
    ],
    new_edits: false,
  },

  'post /trips/{tripId}/expenses': { payerId: AL, ...dinner, split: { mode: 'equal', playerIds: [AL, BO, CY, DI] } },
  'post /trip-portal/trips/{tripId}/expenses': {
    amountCents: 9_000,
    category: 'transport',
    date: '2027-04-13',
    description: 'Taxi to the course',
    split: {
      mode: 'exact',
      amounts: [
        { playerId: BO, cents: 4_500 },
        { playerId: CY, cents: 4_500 },
      ],
    },
  },
  'post /trips/{tripId}/wagers': { sideA: [AL, BO], sideB: [CY, DI], stakeCents: 2_000, terms: 'Better four-ball total in round 1', roundId: ROUND },
  'patch /trips/{tripId}/wagers/{wagerId}/settle': { winner: 'A' },
};
