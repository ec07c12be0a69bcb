import type { LeaderboardBasis } from '../../shared/schemas/leaderboards.js';
import type { SettlementPlanExportQuery } from '../../shared/schemas/exports.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import { listCompetitions } from '../competitions/competitions.service.js';
import { competitionBoard, multiRoundBoard, roundBoard } from '../leaderboards/leaderboards.service.js';
import { listExpenses } from '../money/expenses.service.js';
import { computePlan, listSettlements } from '../money/settlements.service.js';
import { listPlayers } from '../players/players.service.js';
import { listRounds } from '../rounds/rounds.service.js';
import type { Database } from '../store/docstore.js';
import { decimalMoney, localDateTime, type Cell } from './csv.js';

/**
 * The tables of the CSV exports, from the same functions the API answers with (the round boards, the expenses, the
 * settlement plan), so a file agrees with the screens to the cent and the stroke. People by name, never by id.
 */

export interface Table {
  header: string[];
  rows: Cell[][];
}

type Trip = TripDoc & { id: string };

async function namesOf(db: Database): Promise<(id: string) => string> {
  const names = new Map((await listPlayers(db)).map((p) => [p.id, p.name]));
  return (id) => names.get(id) ?? '(removed player)';
}

const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const BASIS_WORDS: Record<LeaderboardBasis, string> = { gross: 'Gross', net: 'Net', stableford: 'Stableford' };

/** Every entered hole of every scorecard: one row per player and hole, in round then board order. */
export async function scoresTable(db: Database): Promise<Table> {
  const header = ['Round', 'Date', 'Player', 'Team', 'Hole', 'Par', 'Stroke index', 'Strokes', 'Picked up', 'Strokes received', 'Net', 'Stableford points', 'Allowance %'];
  const rows: Cell[][] = [];
  for (const round of await listRounds(db)) {
    const board = await roundBoard(db, round.id, {});
    for (const e of board.entries) {
      for (const h of e.perHole) {
        if (h.gross === null && !h.pickedUp) continue;
        rows.push([round.name, round.date, e.name, e.team ?? '', h.hole, h.par, h.strokeIndex, h.gross, yesNo(h.pickedUp), h.strokesReceived, h.net, h.points, board.allowancePercent]);
      }
    }
  }
  return { header, rows };
}

/** A board's position ("1", "T2") and score to par ("E", "+3", "-2"); empty for a player without a score (not the board's "-"). */
const placed = (e: { position: number | null; label: string }) => (e.position === null ? '' : e.label);
const toPar = (e: { toPar: number | null; toParLabel: string }) => (e.toPar === null ? '' : e.toParLabel);

/**
 * Each round's board (at its own basis), then each stroke play or Stableford competition's board, then the total over
 * every round with a scorecard, net (team match competitions are matches, not rankings of players: left out).
 */
export async function resultsTable(db: Database): Promise<Table> {
  const header = ['Board', 'Date', 'Ranked on', 'Position', 'Player', 'Team', 'Holes played', 'Gross', 'Net', 'To par', 'Stableford points', 'Playing handicap'];
  const rows: Cell[][] = [];
  const played: string[] = [];
  for (const round of await listRounds(db)) {
    const board = await roundBoard(db, round.id, {});
    if (board.entries.length > 0) played.push(round.id);
    for (const e of board.entries) {
      rows.push([round.name, round.date, BASIS_WORDS[board.basis], placed(e), e.name, e.team ?? '', e.thru, e.gross, e.net, toPar(e), e.points, e.playingHandicap]);
    }
  }
  for (const c of await listCompetitions(db)) {
    if (c.format === 'match_play' || c.format === 'team_match') continue;
    const board = await competitionBoard(db, c.id);
    if (board.kind !== 'tournament') continue;
    for (const e of board.entries) rows.push([board.name, '', BASIS_WORDS[board.basis], placed(e), e.name, e.team ?? '', e.holesPlayed, e.gross, e.net, toPar(e), e.points, null]);
  }
  if (played.length > 1) {
    const total = await multiRoundBoard(db, played, 'net');
    for (const e of total.entries) rows.push(['All rounds', '', BASIS_WORDS[total.basis], placed(e), e.name, e.team ?? '', e.holesPlayed, e.gross, e.net, toPar(e), e.points, null]);
  }
  return { header, rows };
}

/** One row per expense: what, who paid, the amount as paid and in the trip's currency, and who shares it. */
export async function expensesTable(db: Database, trip: Trip): Promise<Table> {
  const name = await namesOf(db);
  const header = ['Date', 'Description', 'Category', 'Paid by', 'Amount', 'Currency', 'Exchange rate', `Amount (${trip.currency})`, 'Shared by', 'Receipt'];
  const rows = (await listExpenses(db)).map((x): Cell[] => [
    x.date,
    x.description,
    x.category,
    name(x.payerId),
    decimalMoney(x.amountCents, x.currency),
    x.currency,
    x.exchangeRate ?? '',
    decimalMoney(x.tripAmountCents, trip.currency),
    x.participants.map((p) => `${name(p.playerId)} ${decimalMoney(p.cents, trip.currency)}`).join('; '),
    yesNo(x.receiptId !== null),
  ]);
  return { header, rows };
}

/**
 * The transfers of the plan as it stands (still to pay), then the settlements already paid or confirmed, with when
 * (the trip's local time).
 */
export async function settlementPlanTable(db: Database, trip: Trip, query: SettlementPlanExportQuery): Promise<Table> {
  const name = await namesOf(db);
  const [plan, stored] = await Promise.all([computePlan(db, trip, query.kind), listSettlements(db)]);
  const header = ['Pays', 'Receives', 'Amount', 'Currency', 'Status', 'Paid at', 'Confirmed at'];
  const when = (instant: string | null) => (instant ? localDateTime(instant, trip.timezone) : '');
  const rows: Cell[][] = plan.transfers.map((t) => [name(t.fromPlayerId), name(t.toPlayerId), decimalMoney(t.cents, plan.currency), plan.currency, 'to pay', '', '']);
  for (const s of stored) {
    if (s.status === 'pending') continue;
    rows.push([name(s.fromPlayerId), name(s.toPlayerId), decimalMoney(s.cents, s.currency), s.currency, s.status, when(s.paidAt), when(s.confirmedAt)]);
  }
  return { header, rows };
}
