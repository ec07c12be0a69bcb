/**
 * The Reports, TV display and Analytics tabs (issue 24): their data, built through the REST API as an organizer
 * makes it, and one tour of the three for `npm run screenshots` and the accessibility test (`area: 'insights'`).
 *
 * Six players play three rounds in groups of three that change every day (so each pair meets once or twice), with tee
 * times at 08:30 and 08:40 (the second group off the 10th on Day 2), every card scored in full (analytics count only
 * completed cards); a net competition over the three rounds (MVP points); an HTML recap and an MP3 recording; a
 * display code for the TV.
 */
import type { Page } from 'playwright-core';
import { api, course18 } from '../../support/client.js';
import { htmlPage, tinyMp3 } from '../../support/media.js';
import { multipartRequest } from '../../support/upload.js';
import { PASSWORD, uniqueEmail, type Organizer } from './dashboard.js';
import type { AreaTour } from './dashboard-areas.js';
import { goToHash, stopper } from './dashboard-areas.js';
import { openSignedIn } from './dashboard-tour-rounds.js';

export interface InsightsTrip {
  owner: Organizer & { token: string };
  tripId: string;
  players: { id: string; name: string }[];
  roundIds: string[];
  reports: { html: string; audio: string };
  displayCode: string;
}

const PARS = course18().holes.map((h) => h.par);
const NAMES = ['Ann Byrne', 'Ben Okafor', 'Cat Duarte', 'Dan Eriksen', 'Eve Walsh', 'Finn Murphy'];
const INDEXES = [6.2, 12.8, 18.4, 9.9, 22.5, 15.0];
/** Groups of each day, as indexes into NAMES: everyone meets new partners. */
const GROUPS = [
  [
    [0, 1, 2],
    [3, 4, 5],
  ],
  [
    [0, 3, 4],
    [1, 2, 5],
  ],
  [
    [0, 4, 5],
    [1, 2, 3],
  ],
];

async function must<T = any>(what: string, res: Promise<{ status: number; body: any; text?: string }>, ...ok: number[]): Promise<T> {
  const r = await res;
  if (!(ok.length ? ok : [200, 201]).includes(r.status)) throw new Error(`insights trip: ${what}: ${r.status} ${r.text ?? JSON.stringify(r.body)}`);
  return r.body as T;
}

/** A plausible, deterministic score: par plus a spread that grows with the handicap, different each day. */
function strokes(player: number, day: number, hole: number): number {
  const spread = INDEXES[player]! < 10 ? [0, 0, 1, -1, 0, 1] : INDEXES[player]! < 16 ? [0, 1, 1, 0, 2, -1, 1] : [1, 2, 1, 0, 2, 3, 1, 4];
  return Math.max(2, PARS[hole - 1]! + spread[(player * 5 + day * 11 + hole * 3) % spread.length]!);
}

/** An organizer registered through the API, with the dashboard token (uploads are sent with it). */
export async function organizerWithToken(base: string, name = 'Sam Organizer'): Promise<Organizer & { token: string }> {
  const email = uniqueEmail(name);
  const res = await api(base).post('/auth/register', { email, password: PASSWORD, name });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
  return { name, email, client: api(base, res.body.token), id: res.body.user.id, token: res.body.token as string };
}

export async function insightsTrip(base: string): Promise<InsightsTrip> {
  const owner = await organizerWithToken(base);
  const c = owner.client;
  const today = new Date().toISOString().slice(0, 10);
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const trip = await must('trip', c.post('/trips', { name: 'Algarve Golf Week', startDate: day(-3), endDate: day(1), timezone: 'Europe/Lisbon', currency: 'EUR', destination: 'Vilamoura' }), 201);
  const tripId = trip.id as string;
  const T = `/trips/${tripId}`;
  const players = (await must<{ items: { id: string; name: string }[] }>('players', c.post(`${T}/players/bulk`, { players: NAMES.map((name, i) => ({ name, handicapIndex: INDEXES[i] })) }), 201)).items;
  const roundIds: string[] = [];
  for (const [d, groups] of GROUPS.entries()) {
    const body = {
      name: `Day ${d + 1} — ${['Victoria', 'Old Course', 'Pinhal'][d]}`,
      date: day(d - 3),
      course: course18(`${['Victoria', 'Old Course', 'Pinhal'][d]} Course`),
      defaultTee: 'White',
      groups: groups.map((g, k) => ({ playerIds: g.map((i) => players[i]!.id), teeTime: k === 0 ? '08:30' : '08:40', startingHole: d === 1 && k === 1 ? 10 : 1 })),
    };
    const roundId = (await must('round', c.post(`${T}/rounds`, body), 201)).id as string;
    await must('ready', c.patch(`${T}/rounds/${roundId}/ready`), 200);
    for (const [i, p] of players.entries()) {
      const scores = PARS.map((_, h) => ({ hole: h + 1, strokes: strokes(i, d, h + 1) }));
      await must('scores', c.post(`${T}/scorecards/${roundId}-${p.id}/scores/bulk`, { scores }), 200);
    }
    roundIds.push(roundId);
  }
  await must('competition', c.post(`${T}/competitions`, { name: 'Algarve Cup (net)', format: 'stroke_net', roundIds }), 201);

  const html = await multipartRequest(`${base}${T}/reports`, {
    token: owner.token,
    fields: { title: 'Day 1 recap', description: 'Arrivals, the first round at Victoria and dinner at the marina.' },
    parts: [{ bytes: htmlPage(6_000, 'Day 1 recap'), name: 'day-1-recap.html', type: 'text/html' }],
  });
  if (html.status !== 201) throw new Error(`insights trip: html report: ${html.status} ${JSON.stringify(html.body)}`);
  const audio = await multipartRequest(`${base}${T}/reports`, {
    token: owner.token,
    fields: { title: 'Prize-giving speech', description: '' },
    parts: [{ bytes: tinyMp3({ frames: 200 }), name: 'speech.mp3', type: 'audio/mpeg' }],
  });
  if (audio.status !== 201) throw new Error(`insights trip: audio report: ${audio.status} ${JSON.stringify(audio.body)}`);
  const displayCode = (await must('display code', c.post(`${T}/display/access-code`), 201)).code as string;
  return { owner, tripId, players, roundIds, reports: { html: html.body.id, audio: audio.body.id }, displayCode };
}

export const area: AreaTour = {
  area: 'insights',
  async tour(page, base, visit) {
    const data = await insightsTrip(base);
    const seen: string[] = [];
    const stop = stopper(page, visit, seen);
    const at = (rest: string) => `#/trips/${data.tripId}${rest}`;
    await openSignedIn(page, base, data.owner, at('/reports'));
    await page.getByRole('link', { name: 'Prize-giving speech', exact: true }).waitFor();
    await stop('reports');
    await goToHash(page, at('/reports?report=new'));
    await page.getByRole('heading', { name: 'Add a report' }).waitFor();
    await stop('report-new');
    await goToHash(page, at(`/reports?report=${data.reports.html}`));
    await page.frameLocator('iframe[title="Report: Day 1 recap"]').locator('body').waitFor();
    await stop('report-html');
    await goToHash(page, at(`/reports?report=${data.reports.audio}`));
    await page.getByLabel('Recording: Prize-giving speech').waitFor();
    await stop('report-audio');
    await goToHash(page, at('/display'));
    await page.frameLocator('iframe[title="Preview of the TV display"]').locator('[data-testid="display"]').waitFor({ timeout: 15_000 });
    await stop('display');
    await goToHash(page, at('/analytics'));
    await page.getByRole('heading', { name: 'Fun stats' }).waitFor();
    await stop('analytics-overview');
    await goToHash(page, at('/analytics?view=head-to-head'));
    await page.locator('.heat-map').waitFor();
    await stop('analytics-head-to-head');
    await goToHash(page, at(`/analytics?view=head-to-head&a=${data.players[0]!.id}&b=${data.players[1]!.id}`));
    await page.getByRole('heading', { name: `${data.players[0]!.name} against ${data.players[1]!.name}` }).waitFor();
    await stop('analytics-pair');
    await goToHash(page, at('/analytics?view=fairness'));
    await page.getByRole('table', { name: 'Tee-time fairness per player' }).waitFor();
    await stop('analytics-fairness');
    return seen;
  },
};
