import { CsvText, SettlementPlanExportQuery, type ExportKind } from '../../shared/schemas/exports.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { contentDisposition } from '../http/files.js';
import { defineRoute, type Reply, type RouteSpec } from '../http/route.js';
import { loadTripDoc } from '../trips/trip-db.js';
import type { TripIndexDoc } from '../trips/trip-index.js';
import { toCsv } from './csv.js';
import { expensesTable, resultsTable, scoresTable, settlementPlanTable, type Table } from './tables.js';

/**
 * CSV exports for the organizer (issue 24, "Money: exports"): a file per kind at `/trips/:tripId/exports/<kind>.csv`,
 * downloaded as `<trip name>-<kind>.csv`.
 */

const FORMAT =
  'RFC 4180 CSV in UTF-8 with a byte order mark (so spreadsheets read accents right) and CRLF line ends, a header row first. ' +
  'People by name, money as decimals in the currency\u2019s own digits (JPY none, EUR two), dates and times in the trip\u2019s time zone. ' +
  'A text cell starting with =, +, -, @, a tab or a carriage return is prefixed with \' so that no spreadsheet runs it as a formula ' +
  '(a plain number such as -12.50 or +3 is left as it is).';

const WHAT: Record<ExportKind, string> = {
  scores: 'Every entered hole of every scorecard, one row per player and hole: par, stroke index, strokes (empty and "Picked up: yes" for a picked-up hole), strokes received at the round board\u2019s allowance, net and Stableford points.',
  results: 'Each round\u2019s leaderboard at its own basis (position as shown, "T2" for a tie), then each stroke play or Stableford competition, then the net total over every round with scores ("All rounds") when there are several.',
  expenses: 'One row per expense: date, description, category, who paid, the amount as paid with its currency and rate, the amount in the trip\u2019s currency (named in the header), and each share by name.',
  'settlement-plan': 'The transfers of the settlement plan as it stands ("to pay"; `kind`: unified by default, or plain), then the settlements already paid or confirmed with when.',
};

async function send(deps: AppDeps, index: TripIndexDoc, kind: ExportKind, build: (db: Awaited<ReturnType<typeof loadTripDoc>>['db'], trip: Awaited<ReturnType<typeof loadTripDoc>>['trip'] & { id: string }) => Promise<Table>): Promise<Reply> {
  const { db, trip } = await loadTripDoc(deps, index);
  const table = await build(db, { ...trip, id: index.tripId });
  return {
    body: toCsv(table.header, table.rows),
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': contentDisposition(`${trip.name}-${kind}.csv`, 'attachment'), 'Cache-Control': 'no-store' },
  };
}

function exportRoute(kind: Exclude<ExportKind, 'settlement-plan'>, build: (db: Awaited<ReturnType<typeof loadTripDoc>>['db'], trip: Awaited<ReturnType<typeof loadTripDoc>>['trip'] & { id: string }) => Promise<Table>): RouteSpec {
  return defineRoute({
    method: 'get',
    path: `/trips/:tripId/exports/${kind}.csv`,
    auth: 'dashboard',
    trip: 'organizer',
    summary: `Export the ${kind} as CSV`,
    description: `${WHAT[kind]} ${FORMAT}`,
    tags: ['Exports'],
    params: TripIdParams,
    responses: { 200: { description: `The ${kind} (attachment "<trip name>-${kind}.csv")`, contentType: 'text/csv', schema: CsvText } },
    handler: async ({ trip, deps }) => send(deps, trip, kind, build),
  });
}

export const exportRoutes: RouteSpec[] = [
  exportRoute('scores', (db) => scoresTable(db)),
  exportRoute('results', (db) => resultsTable(db)),
  exportRoute('expenses', (db, trip) => expensesTable(db, trip)),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/exports/settlement-plan.csv',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Export the settlement plan as CSV',
    description: `${WHAT['settlement-plan']} ${FORMAT}`,
    tags: ['Exports'],
    params: TripIdParams,
    query: SettlementPlanExportQuery,
    responses: { 200: { description: 'The settlement plan (attachment "<trip name>-settlement-plan.csv")', contentType: 'text/csv', schema: CsvText } },
    handler: async ({ trip, query, deps }) => send(deps, trip, 'settlement-plan', (db, t) => settlementPlanTable(db, t, query)),
  }),
];
