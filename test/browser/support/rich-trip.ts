/**
 * A realistic trip for the screenshots, the accessibility test and the portal benchmark, built only through the
 * organizer's (and players') public REST API, as a real organizer would:
 *
 * - 8–24 players with handicap indexes and two teams (USA / Europe); one of them is a co-organizer;
 * - "Day 1" today and "Day 2" tomorrow, both ready, groups of four with tee times (Day 1 also two-tee starts);
 *   Day 1 part played (my group through hole 6, the others through 9), Day 2 not started; hole 8 of my partner's
 *   card entered differently by two phones of the group (a dispute the server merged);
 * - a two-round net competition and a Stableford on Day 1; gross skins and a Nassau on Day 1; a point game per team
 *   on Day 1 with a few confirmed picks;
 * - expenses (equal and exact splits) settled by a generated plan, one transfer confirmed;
 * - activities with RSVPs, a ride offer and a request matched to it, everyone's availability, an HTML report;
 * - a display access code for the TV page.
 *
 * `targetDocs` tops the trip up, with earlier practice rounds scored in full, to exactly that many documents as
 * the portal player's phone pulls them (counted through the gateway's `_all_docs` with that player's session).
 */
import { api, organizer, tripBody, course18, type Api } from '../../support/client.js';
import { htmlPage } from '../../support/media.js';
import { multipartRequest } from '../../support/upload.js';

export interface RichPlayer {
  id: string;
  name: string;
  handicapIndex: number;
  team: 'USA' | 'Europe';
}

export interface RichRound {
  id: string;
  name: string;
  date: string;
  groups: { playerIds: string[]; teeTime: string; startingHole: number }[];
}

export interface RichTrip {
  baseUrl: string;
  tripId: string;
  org: Awaited<ReturnType<typeof organizer>>;
  players: RichPlayer[];
  /** The player whose phone the tools open: first of group 1 on Day 1, team USA, not the co-organizer. */
  me: RichPlayer;
  /** Day 1 (today) and Day 2 (tomorrow), then any practice rounds added to reach `targetDocs`. */
  rounds: RichRound[];
  day1: RichRound;
  day2: RichRound;
  /** `<Day 1 id>-<my id>`. */
  myCard: string;
  /** A hole two phones of my group scored differently: the server marked it disputed. */
  dispute: { scorecardId: string; roundId: string; hole: number };
  competitions: { id: string; name: string; format: string }[];
  sideGames: { id: string; name: string; kind: string }[];
  pointGames: string[];
  expenses: string[];
  settlements: { id: string; status: string }[];
  activities: string[];
  rideOffer: string;
  report: string;
  displayCode: string;
  /** Documents the portal player pulls (gateway `_all_docs` with their session, design documents left out). */
  docs: number;
  /** A fresh portal link for a player (default: `me`): `{url, token, tokenId}`. */
  link(playerId?: string): Promise<{ url: string; token: string; tokenId: string }>;
  /** Documents the player's phone would pull now. */
  countDocs(): Promise<number>;
}

export interface RichTripOptions {
  /** 8 to 24; default 12. */
  players?: number;
  /** Top the trip up to exactly this many documents (as the portal player pulls them). */
  targetDocs?: number;
  /** The trip's "today" (YYYY-MM-DD): Day 1. Default: the current UTC date. */
  today?: string;
}

const NAMES = ['Ann Byrne', 'Ben Okafor', 'Cat Duarte', 'Dan Eriksen', 'Eve Walsh', 'Finn Murphy', 'Gus Tanaka', 'Hal Moreau', 'Ida Novak', 'Jon Silva', 'Kit Larsen', 'Lou Costa', 'Mia Fischer', 'Ned Quinn', 'Ola Berg', 'Pat Rossi', 'Rob Fitzgerald', 'Sue Albrecht', 'Tom Oyelaran', 'Una Castellanos', 'Vic Hargreaves', 'Wes Delacroix', 'Yan Kowalczyk', 'Zoe Abernathy'];
const INDEXES = [12.4, 18.0, 7.2, 24.6, 15.1, 9.8, 21.3, 4.5, 28.0, 11.0, 16.7, 2.1, 19.4, 13.3, 26.2, 8.6, 22.8, 5.9, 14.2, 30.5, 10.3, 17.6, 1.4, 25.1];
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4];

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function must<T = any>(what: string, res: Promise<{ status: number; body: any; text?: string }>, ...ok: number[]): Promise<T> {
  const r = await res;
  if (!(ok.length ? ok : [200, 201]).includes(r.status)) throw new Error(`rich trip: ${what}: ${r.status} ${r.text ?? JSON.stringify(r.body)}`);
  return r.body as T;
}

/** A plausible score for a player on a hole: par plus a spread that grows with the handicap, deterministic. */
function strokesFor(playerIndex: number, handicap: number, hole: number, salt = 0): number {
  const par = PARS[hole - 1]!;
  const spread = handicap < 8 ? [0, 0, 1, -1, 0] : handicap < 18 ? [0, 1, 1, 0, 2, -1] : [1, 2, 1, 0, 2, 3];
  return Math.max(1, par + spread[(playerIndex * 7 + hole * 3 + salt) % spread.length]!);
}

export async function richTrip(baseUrl: string, options: RichTripOptions = {}): Promise<RichTrip> {
  const count = options.players ?? 12;
  if (count < 8 || count > NAMES.length) throw new Error(`a rich trip has 8 to ${NAMES.length} players`);
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const org = await organizer(baseUrl, 'Sam Organizer');
  const c = org.client;

  const trip = await must('trip', c.post('/trips', tripBody({ name: 'Algarve Golf Week', startDate: addDays(today, -1), endDate: addDays(today, 3), destination: 'Vilamoura, Portugal' })), 201);
  const tripId = trip.id as string;
  const T = `/trips/${tripId}`;
  const P = `/trip-portal/trips/${tripId}`;

  // Players: alternate teams, the last one co-organizes (a scorer's phone may write every card).
  const rows = NAMES.slice(0, count).map((name, i) => ({ name, handicapIndex: INDEXES[i]!, team: i % 2 === 0 ? 'USA' : 'Europe', ...(i === count - 1 ? { role: 'organizer' } : {}) }));
  const added = await must<{ items: { id: string; name: string }[] }>('players', c.post(`${T}/players/bulk`, { players: rows }), 201);
  const players: RichPlayer[] = added.items.map((p, i) => ({ id: p.id, name: p.name, handicapIndex: rows[i]!.handicapIndex, team: rows[i]!.team as RichPlayer['team'] }));
  const me = players[0]!;
  const indexOf = new Map(players.map((p, i) => [p.id, i]));

  // Portal sessions, one per player, as their phones hold them.
  const tokens = (await must<{ items: { playerId: string; token: string }[] }>('tokens', c.post('/trip-portal/tokens/bulk', { tripId }), 201, 200)).items;
  const portal = new Map<string, Api>();
  for (const t of tokens) {
    const v = await must('validate', api(baseUrl).post('/trip-portal/validate', { token: t.token }), 200);
    portal.set(t.playerId, api(baseUrl, v.session as string));
  }
  const as = (p: RichPlayer) => portal.get(p.id)!;

  /** Groups of four (a last group of 2–3 joins as its own group; 2 left over go with the previous one if it has room). */
  const groupsOf = (ids: string[]): string[][] => {
    const groups: string[][] = [];
    for (let i = 0; i < ids.length; i += 4) groups.push(ids.slice(i, i + 4));
    const last = groups.at(-1)!;
    if (last.length < 2) groups.at(-2)!.push(...groups.pop()!);
    return groups;
  };

  async function round(name: string, date: string, order: string[], tee: { first: number; interval: number; twoTee?: boolean }, courseName: string): Promise<RichRound> {
    const groups = groupsOf(order).map((playerIds, g) => {
      const slot = tee.twoTee ? Math.floor(g / 2) : g;
      const minutes = tee.first + slot * tee.interval;
      return { playerIds, teeTime: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`, startingHole: tee.twoTee && g % 2 === 1 ? 10 : 1 };
    });
    const body = { name, date, course: course18(courseName), defaultTee: 'White', playerTees: { [players[3]!.id]: 'Yellow' }, groups };
    const id = (await must('round', c.post(`${T}/rounds`, body), 201)).id as string;
    await must('ready', c.patch(`${T}/rounds/${id}/ready`), 200);
    return { id, name, date, groups };
  }

  /** Organizer entries (one bulk call per card), as a scorer's tablet would send them. */
  async function score(r: RichRound, playerId: string, holes: number[], salt = 0): Promise<void> {
    if (holes.length === 0) return;
    const i = indexOf.get(playerId)!;
    const scores = holes.map((hole) => ({ hole, strokes: strokesFor(i, players[i]!.handicapIndex, hole, salt) }));
    await must('scores', c.post(`${T}/scorecards/${r.id}-${playerId}/scores/bulk`, { scores }), 200);
  }

  const ids = players.map((p) => p.id);
  const day1 = await round('Day 1 — Victoria', today, ids, { first: 8 * 60 + 30, interval: 10, twoTee: true }, 'Victoria Course');
  // Day 2: mixed up, so partners change.
  const day2Order = [...ids.filter((_, i) => i % 2 === 0), ...ids.filter((_, i) => i % 2 === 1)];
  const day2 = await round('Day 2 — Old Course', addDays(today, 1), day2Order, { first: 9 * 60, interval: 9 }, 'Old Course');

  // Day 1 in play: my group has entered holes 1–6 on their phones, the other groups 1–9 (two-tee groups 10–18).
  const holesRange = (from: number, n: number) => Array.from({ length: n }, (_, k) => ((from - 1 + k) % 18) + 1);
  for (const [g, group] of day1.groups.entries()) {
    if (g === 0) {
      const scores = group.playerIds.map((pid) => {
        const i = indexOf.get(pid)!;
        return { pid, scores: holesRange(1, 6).map((hole) => ({ hole, strokes: strokesFor(i, players[i]!.handicapIndex, hole) })) };
      });
      for (const s of scores) await must('portal scores', as(me).post(`/trip-portal/scorecards/${day1.id}-${s.pid}/scores/bulk`, { scores: s.scores }), 200);
    } else {
      for (const pid of group.playerIds) await score(day1, pid, holesRange(group.startingHole, 9));
    }
  }

  // Two phones of my group entered hole 8 of my partner's card differently while offline: the server merges the
  // two branches (the later entry wins, the other stays in history) and marks the hole disputed.
  const partner = players[1]!;
  const disputedCard = `${day1.id}-${partner.id}`;
  for (const [phone, strokes, minute, rev] of [[me, 5, 2, 'a'], [players[2]!, 6, 4, 'b']] as const) {
    // Minutes ago in real time, whatever the hour: the gateway refuses an entry from the server's future.
    const at = new Date(Date.now() - (10 - minute) * 60_000).toISOString();
    const doc = {
      _id: `score:${disputedCard}:8`,
      _rev: `1-${rev.repeat(32)}`,
      _revisions: { start: 1, ids: [rev.repeat(32)] },
      type: 'score',
      scorecardId: disputedCard,
      roundId: day1.id,
      playerId: partner.id,
      hole: 8,
      strokes,
      enteredBy: phone.id,
      deviceId: `phone-${phone.name.split(' ')[0]!.toLowerCase()}`,
      enteredAt: at,
      history: [],
      createdAt: at,
      updatedAt: at,
    };
    const pushed = await must<{ error?: string }[]>('conflicting entry', as(phone).post(`/sync/trips/${tripId}/_bulk_docs`, { docs: [doc], new_edits: false }), 201);
    if (pushed.some((r) => r.error)) throw new Error(`rich trip: conflicting entry refused: ${JSON.stringify(pushed)}`);
  }
  const disputes = await must<{ items: { scorecardId: string; hole: number }[] }>('disputes', c.get(`${T}/score-disputes`), 200);
  if (!disputes.items.some((d) => d.scorecardId === disputedCard && d.hole === 8)) throw new Error(`rich trip: the server lists no dispute on hole 8: ${JSON.stringify(disputes)}`);

  const competitions = [
    await must('competition', c.post(`${T}/competitions`, { name: 'Algarve Cup (net, two rounds)', format: 'stroke_net', roundIds: [day1.id, day2.id] }), 201),
    await must('competition', c.post(`${T}/competitions`, { name: 'Day 1 Stableford', format: 'stableford', roundIds: [day1.id], countback: true }), 201),
  ].map((x) => ({ id: x.id as string, name: x.name as string, format: x.format as string }));

  const myGroup = day1.groups[0]!.playerIds;
  const sideGames = [
    await must('skins', c.post(`${T}/side-games`, { roundId: day1.id, name: 'Gross skins', kind: 'skins', basis: 'gross', participants: ids, config: { mode: 'per_skin', cents: 500 } }), 201),
    await must('nassau', c.post(`${T}/side-games`, { roundId: day1.id, name: 'Nassau', kind: 'nassau', basis: 'net', participants: { a: [myGroup[0]], b: [myGroup[1]] }, config: { stakes: 1000, autoPress: 'original_bets' } }), 201),
  ].map((x) => ({ id: x.game.id as string, name: x.game.name as string, kind: x.game.kind as string }));

  // A point game per team on Day 1; the USA captain (me) confirms holes 1 and 2.
  const pointGames: string[] = [];
  const usa = players.filter((p) => p.team === 'USA');
  const europe = players.filter((p) => p.team === 'Europe');
  for (const [team, captain] of [['USA', me], ['Europe', europe[0]!]] as const) {
    const game = await must('point game', c.post(`${T}/rounds/${day1.id}/point-games`, { team, captainId: captain.id }), 201);
    pointGames.push(game.id as string);
  }
  // My group (holes 1–6 entered) has two USA players: me and the third player.
  const usaInMyGroup = usa.filter((p) => myGroup.includes(p.id));
  for (const [hole, picks] of [[1, usaInMyGroup], [2, usaInMyGroup.slice(0, 1)]] as const) {
    await must('point pick', as(me).post(`${P}/rounds/${day1.id}/point-game/selections`, { hole, playerIds: picks.map((p) => p.id), confirm: true }), 200);
  }

  // Money: lodging, green fees, dinner (exact split), a taxi paid by a player on the portal; a plan; one confirmed.
  const everyone = { mode: 'equal', playerIds: ids };
  const expenses: string[] = [];
  const spend = async (body: Record<string, unknown>) => expenses.push((await must('expense', c.post(`${T}/expenses`, body), 201)).id as string);
  await spend({ payerId: players[count - 1]!.id, amountCents: 96_000 + count * 1000, category: 'lodging', date: addDays(today, -1), description: 'Villa, four nights', split: everyone });
  await spend({ payerId: players[1]!.id, amountCents: count * 8_500, category: 'golf', date: today, description: 'Green fees Day 1', split: everyone });
  await spend({
    payerId: me.id,
    amountCents: 4 * 3_250,
    category: 'food',
    date: addDays(today, -1),
    description: 'Dinner at the marina',
    split: { mode: 'exact', amounts: myGroup.map((playerId) => ({ playerId, cents: 3_250 })) },
  });
  expenses.push((await must('portal expense', as(players[2]!).post(`${P}/expenses`, { amountCents: 4_800, category: 'transport', date: today, description: 'Taxi to the course', split: { mode: 'equal', playerIds: myGroup } }), 201)).id as string);
  await must('settle', c.post(`${T}/settlements/generate`), 201, 200);
  let settlements = (await must<{ items: { id: string; status: string }[] }>('settlements', c.get(`${T}/settlements`), 200)).items;
  if (settlements[0]) await must('complete', c.patch(`${T}/settlements/${settlements[0].id}/complete`), 200);
  settlements = (await must<{ items: { id: string; status: string }[] }>('settlements', c.get(`${T}/settlements`), 200)).items;

  // Trip: activities with answers, a ride, availability, a report.
  const activities: string[] = [];
  const dinner = await must('activity', c.post(`${T}/activities`, { name: 'Team dinner — Marina grill', start: `${today}T20:00`, end: `${today}T22:30`, location: 'Vilamoura marina', capacity: count, costPerPersonCents: 4500 }), 201);
  const boat = await must('activity', c.post(`${T}/activities`, { name: 'Boat trip to Benagil caves', start: `${addDays(today, 2)}T10:00`, location: 'Portimão harbour', capacity: 8 }), 201);
  activities.push(dinner.id, boat.id);
  for (const [i, p] of players.entries()) {
    await must('rsvp', c.put(`${T}/activities/${dinner.id}/rsvps/${p.id}`, { response: i % 5 === 4 ? 'no' : 'yes' }), 200);
    if (i % 3 === 0) await must('rsvp', c.put(`${T}/activities/${boat.id}/rsvps/${p.id}`, { response: i % 2 ? 'maybe' : 'yes' }), 200);
  }
  const offer = await must('ride offer', as(players[1]!).post(`${P}/ride-offers`, { origin: 'Villa Oliveira', destination: 'Victoria Golf Course', departureTime: `${today}T07:45`, seats: 3 }), 201);
  const request = await must('ride request', as(me).post(`${P}/ride-requests`, { origin: 'villa oliveira', destination: 'victoria golf course', earliestDeparture: `${today}T07:30`, latestDeparture: `${today}T08:00` }), 201);
  await must('accept', as(me).post(`${P}/ride-offers/${offer.id}/accept`, { requestId: request.id }), 200);
  await must('ride request', as(players[4]!).post(`${P}/ride-requests`, { origin: 'Hotel Tivoli', destination: 'Old Course', earliestDeparture: `${addDays(today, 1)}T08:00`, latestDeparture: `${addDays(today, 1)}T08:30` }), 201);
  const days = [addDays(today, -1), today, addDays(today, 1), addDays(today, 2), addDays(today, 3)];
  await must(
    'availability',
    c.post(`${T}/availability/bulk`, {
      entries: players.slice(1).map((p, i) => (i % 4 === 3 ? { playerId: p.id, days: days.slice(0, 3), rounds: { [day1.id]: true, [day2.id]: false }, note: 'Flying home early' } : { playerId: p.id, days, rounds: { [day1.id]: true, [day2.id]: true } })),
    }),
    200,
  );
  await must('my availability', as(me).put(`${P}/availability/me`, { days, rounds: { [day1.id]: true, [day2.id]: true } }), 200);
  const report = await multipartRequest(`${baseUrl}${T}/reports`, {
    token: org.token,
    fields: { title: 'Day 0 recap', description: 'Arrivals, the practice round and the first dinner.' },
    parts: [{ bytes: htmlPage(6_000, 'Day 0 recap'), name: 'recap.html', type: 'text/html' }],
  });
  if (report.status !== 201) throw new Error(`rich trip: report: ${report.status} ${JSON.stringify(report.body)}`);

  const displayCode = (await must('display code', c.post(`${T}/display/access-code`), 201)).code as string;

  const countDocs = async () => {
    const res = await must<{ rows: { id: string }[] }>('all docs', as(me).get(`/sync/trips/${tripId}/_all_docs`), 200);
    return res.rows.filter((r) => !r.id.startsWith('_design/')).length;
  };

  // Topping up: practice rounds before Day 1, scored in full, card by card; the last one only as far as needed.
  const rounds = [day1, day2];
  let docs = await countDocs();
  if (options.targetDocs !== undefined) {
    if (docs > options.targetDocs) throw new Error(`rich trip: ${docs} documents before topping up, more than the ${options.targetDocs} asked`);
    const slots: { round: RichRound; playerId: string; hole: number }[] = [];
    let practice = 0;
    while (docs < options.targetDocs) {
      const missing = options.targetDocs - docs;
      if (slots.length === 0) {
        practice += 1;
        const order = ids.map((_, k) => ids[(k * 5 + practice) % ids.length]!);
        const unique = [...new Set(order)].length === ids.length ? order : ids;
        const r = await round(`Practice ${practice}`, addDays(today, -1), unique, { first: 13 * 60, interval: 8 }, 'Pinhal Course');
        rounds.push(r);
        for (const pid of unique) for (let hole = 1; hole <= 18; hole++) slots.push({ round: r, playerId: pid, hole });
      } else {
        const take = slots.splice(0, missing);
        const byCard = new Map<string, { round: RichRound; playerId: string; holes: number[] }>();
        for (const s of take) {
          const key = `${s.round.id}-${s.playerId}`;
          const card = byCard.get(key) ?? { round: s.round, playerId: s.playerId, holes: [] };
          card.holes.push(s.hole);
          byCard.set(key, card);
        }
        for (const card of byCard.values()) await score(card.round, card.playerId, card.holes, practice);
      }
      docs = await countDocs();
    }
  }

  return {
    baseUrl,
    tripId,
    org,
    players,
    me,
    rounds,
    day1,
    day2,
    myCard: `${day1.id}-${me.id}`,
    dispute: { scorecardId: disputedCard, roundId: day1.id, hole: 8 },
    competitions,
    sideGames,
    pointGames,
    expenses,
    settlements,
    activities,
    rideOffer: offer.id as string,
    report: report.body.id as string,
    displayCode,
    docs,
    countDocs,
    async link(playerId = me.id) {
      const issued = await must('link', c.post('/trip-portal/token', { tripId, playerId }), 201);
      return { url: `${baseUrl}/portal#token=${issued.token}`, token: issued.token as string, tokenId: issued.id as string };
    },
  };
}
