import { parse as parseDisposition } from 'content-disposition';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

let t: GamesTrip;
let roundId: string;
const exp = (kind: string) => `/trips/${t.tripId}/exports/${kind}.csv`;

/** A file's bytes as the organizer downloads it: the text with its byte order mark, and the headers. */
async function download(path: string, token = t.org.token): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(t.server.url + path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
}
const fileName = (headers: Headers) => parseDisposition(headers.get('content-disposition')!);

/** The rows of a CSV file as objects keyed by the header, after checking the BOM is there. */
function rowsOf(text: string): Record<string, string>[] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Zoë Ångström', handicapIndex: 12.4, team: 'Europe' }, { name: 'Bo', handicapIndex: 3 }, { name: '=HYPERLINK("http://x")' }, { name: 'Cy' }]);
  roundId = await t.round([['Zoë Ångström', 'Bo', '=HYPERLINK("http://x")', 'Cy']]);
  await t.scores(roundId, { 'Zoë Ångström': [5, 4, 3, 6], Bo: [4, 4, 3, 5] });
  await t.portal.Bo!.post(`/trip-portal/scorecards/${roundId}-${t.id.Bo}/scores/bulk`, { scores: [{ hole: 5, strokes: null }] });
  const spend = (body: Record<string, unknown>) => t.org.client.post(`/trips/${t.tripId}/expenses`, { category: 'food', date: '2027-04-11', split: { mode: 'equal', playerIds: [t.id['Zoë Ångström'], t.id.Bo] }, ...body });
  expect((await spend({ payerId: t.id['Zoë Ångström'], amountCents: 12_345, description: 'Dinner, "the good one"\nwith wine' })).status).toBe(201);
  expect((await spend({ payerId: t.id.Bo, amountCents: 1000, currency: 'USD', exchangeRate: '0.9233', description: '=SUM(A1:A9)' })).status).toBe(201);
  expect((await spend({ payerId: t.id.Cy, amountCents: 999, description: '@cmd taxi', split: { mode: 'equal', playerIds: [t.id.Cy, t.id.Bo] } })).status).toBe(201);
});
afterAll(() => t.server.close());

describe('who may export', () => {
  it('refuses without a token (401), another organizer and an unknown trip (404), and a portal session (401/403)', async () => {
    expect((await api(t.server.url).get(exp('scores'))).status).toBe(401);
    const other = await organizer(t.server.url, 'Stranger');
    const foreign = await other.client.get(exp('expenses'));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('trip_not_found');
    const unknown = await t.org.client.get('/trips/nosuchtrip0/exports/results.csv');
    expect(unknown.status).toBe(404);
    expect([401, 403]).toContain((await t.portal.Bo!.get(exp('expenses'))).status);
  });

  it('refuses an unknown plan kind with 400 and an unknown export with 404', async () => {
    const bad = await t.org.client.get(`${exp('settlement-plan')}?kind=everything`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect((await download(exp('passwords'))).status).toBe(404);
  });
});

describe('the files', () => {
  it('are CSV attachments named after the trip', async () => {
    for (const kind of ['scores', 'results', 'expenses', 'settlement-plan']) {
      const res = await download(exp(kind));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Algarve 2027-${kind}.csv"`);
      expect(fileName(res.headers)).toEqual({ type: 'attachment', parameters: { filename: `Algarve 2027-${kind}.csv` } });
      expect(res.text).toContain('\r\n');
    }
  });

  it('quote commas, quotes and line breaks (RFC 4180), keep accents, and defuse formulas', async () => {
    const res = await download(exp('expenses'));
    expect(res.text).toContain('"Dinner, ""the good one""\nwith wine"');
    const rows = rowsOf(res.text);
    expect(rows.map((r) => r.Description)).toEqual(['Dinner, "the good one"\nwith wine', "'=SUM(A1:A9)", "'@cmd taxi"]);
    expect(rows[0]!['Paid by']).toBe('Zoë Ångström');
    const scores = rowsOf((await download(exp('results'))).text);
    expect(scores.map((r) => r.Player)).toContain(`'=HYPERLINK("http://x")`);
    expect(scores.map((r) => r.Player)).not.toContain(`=HYPERLINK("http://x")`);
  });

  it('gives money as decimals of its currency, the trip currency named in the header, shares by name', async () => {
    const rows = rowsOf((await download(exp('expenses'))).text);
    const api = (await t.org.client.get(`/trips/${t.tripId}/expenses`)).body.items as { tripAmountCents: number }[];
    expect(rows.map((r) => [r.Amount, r.Currency, r['Exchange rate'], r['Amount (EUR)']])).toEqual([
      ['123.45', 'EUR', '', '123.45'],
      ['10.00', 'USD', '0.9233', '9.23'],
      ['9.99', 'EUR', '', '9.99'],
    ]);
    const total = rows.reduce((s, r) => s + Math.round(Number(r['Amount (EUR)']) * 100), 0);
    expect(total).toBe(api.reduce((s, x) => s + x.tripAmountCents, 0));
    expect(rows[0]!['Shared by']).toBe('Zoë Ångström 61.73; Bo 61.72');
    expect(rows[1]!['Date']).toBe('2027-04-11');
  });

  it('lists each entered hole with the figures of the round board', async () => {
    const rows = rowsOf((await download(exp('scores'))).text);
    const board = (await t.org.client.get(`/trips/${t.tripId}/leaderboards/rounds/${roundId}`)).body as { entries: { name: string; perHole: Record<string, unknown>[] }[] };
    const zoe = board.entries.find((e) => e.name === 'Zoë Ångström')!;
    const mine = rows.filter((r) => r.Player === 'Zoë Ångström');
    expect(mine.map((r) => r.Hole)).toEqual(['1', '2', '3', '4']);
    for (const r of mine) {
      const line = zoe.perHole[Number(r.Hole) - 1]!;
      expect([r.Par, r['Stroke index'], r.Strokes, r['Strokes received'], r.Net, r['Stableford points']]).toEqual([line.par, line.strokeIndex, line.gross, line.strokesReceived, line.net, line.points].map(String));
      expect(r.Team).toBe('Europe');
    }
    const pickedUp = rows.find((r) => r.Player === 'Bo' && r.Hole === '5')!;
    expect(pickedUp).toMatchObject({ Strokes: '', 'Picked up': 'yes', Net: '6', 'Stableford points': '0' });
    expect(rows.some((r) => r.Player === 'Cy')).toBe(false);
  });

  it('gives results as the board shows them, numbers to par left as numbers', async () => {
    const rows = rowsOf((await download(exp('results'))).text);
    const board = (await t.org.client.get(`/trips/${t.tripId}/leaderboards/rounds/${roundId}`)).body as { entries: { name: string; label: string; toParLabel: string; net: number }[] };
    expect(rows.map((r) => [r.Player, r.Position, r['To par'], r.Net])).toEqual(board.entries.map((e) => [e.name.startsWith('=') ? `'${e.name}` : e.name, e.label === '-' ? '' : e.label, e.toParLabel === '-' ? '' : e.toParLabel, String(e.net)]));
    expect(rows.every((r) => !r['To par']!.startsWith("'"))).toBe(true);
  });

  it('adds each stroke play competition\u2019s board to the results, by its name', async () => {
    const cup = await t.org.client.post(`/trips/${t.tripId}/competitions`, { name: 'Trip Cup', format: 'stroke_net', roundIds: [roundId] });
    expect(cup.status).toBe(201);
    const board = (await t.org.client.get(`/trips/${t.tripId}/leaderboards/competitions/${cup.body.id}`)).body as { entries: { name: string; label: string; net: number }[] };
    const rows = rowsOf((await download(exp('results'))).text).filter((r) => r.Board === 'Trip Cup');
    expect(rows.map((r) => [r.Position, r.Player!.replace(/^'/, ''), r.Net, r['Ranked on']])).toEqual(board.entries.map((e) => [e.label === '-' ? '' : e.label, e.name, String(e.net), 'Net']));
  });

  it('gives the plan as the API computes it, and a paid settlement with its local time', async () => {
    const plan = (await t.org.client.get(`/trips/${t.tripId}/settlements/unified`)).body as { transfers: { fromPlayerId: string; toPlayerId: string; cents: number }[] };
    const before = rowsOf((await download(exp('settlement-plan'))).text);
    expect(before.map((r) => r.Status)).toEqual(plan.transfers.map(() => 'to pay'));
    expect(before.reduce((s, r) => s + Math.round(Number(r.Amount) * 100), 0)).toBe(plan.transfers.reduce((s, x) => s + x.cents, 0));
    const names = Object.fromEntries(Object.entries(t.id).map(([n, id]) => [id, n.startsWith('=') ? `'${n}` : n]));
    expect(before.map((r) => [r.Pays, r.Receives])).toEqual(plan.transfers.map((x) => [names[x.fromPlayerId], names[x.toPlayerId]]));

    const stored = (await t.org.client.post(`/trips/${t.tripId}/settlements/unified/persist`)).body.items as { id: string }[];
    const paid = await t.org.client.post(`/trips/${t.tripId}/settlements/${stored[0]!.id}/mark-paid`);
    expect(paid.status).toBe(200);
    const after = rowsOf((await download(exp('settlement-plan'))).text);
    const row = after.find((r) => r.Status === 'paid')!;
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(paid.body.paidAt)).replace(', ', ' ');
    expect(row['Paid at']).toBe(local);
    expect(row.Currency).toBe('EUR');
  });
});

describe('a currency without minor units', () => {
  it('writes yen as whole numbers', async () => {
    const trip = (await t.org.client.post('/trips', tripBody({ name: 'Tokyo', currency: 'JPY', timezone: 'Asia/Tokyo' }))).body.id as string;
    const players = (await t.org.client.post(`/trips/${trip}/players/bulk`, { players: [{ name: 'Ken' }, { name: 'Yui' }] })).body.items as { id: string }[];
    const res = await t.org.client.post(`/trips/${trip}/expenses`, { payerId: players[0]!.id, amountCents: 15_001, category: 'golf', date: '2027-04-11', description: 'Green fees', split: { mode: 'equal', playerIds: players.map((p) => p.id) } });
    expect(res.status).toBe(201);
    const file = await download(`/trips/${trip}/exports/expenses.csv`);
    expect(fileName(file.headers).parameters.filename).toBe('Tokyo-expenses.csv');
    const [row] = rowsOf(file.text);
    expect(row).toMatchObject({ Amount: '15001', Currency: 'JPY', 'Amount (JPY)': '15001', 'Shared by': 'Ken 7501; Yui 7500' });
    const plan = rowsOf((await download(`/trips/${trip}/exports/settlement-plan.csv?kind=plain`)).text);
    expect(plan).toEqual([{ Pays: 'Yui', Receives: 'Ken', Amount: '7500', Currency: 'JPY', Status: 'to pay', 'Paid at': '', 'Confirmed at': '' }]);
  });
});
