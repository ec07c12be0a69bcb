import { setTimeout as sleep } from 'node:timers/promises';
import { potPayouts } from '../../shared/domain/money/pot.js';
import type { CompetitionDoc } from '../../shared/schemas/competition.js';
import type { PatchPotBody, Pot, PotApplied, PotDoc } from '../../shared/schemas/pot.js';
import type { RoundDoc } from '../../shared/schemas/round.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { competitionBoard } from '../leaderboards/leaderboards.service.js';
import { listPlayers } from '../players/players.service.js';
import { StoreConflictError, type Database, type StoredDoc } from '../store/docstore.js';
import { newDocFields } from '../trips/trip-db.js';

export type StoredPot = PotDoc & StoredDoc;

export const potDocId = (tripId: string) => `pot:${tripId}`;

/** The trip's pot document, or undefined if it was never configured. */
export async function getPot(db: Database, tripId: string): Promise<StoredPot | undefined> {
  const doc = await db.get<StoredPot>(potDocId(tripId));
  return doc && doc.type === 'pot' ? doc : undefined;
}

/** The configuration a pot has before anyone changes it: no entry, every player, no payouts, no competition. */
function defaults(tripId: string, fields: StoredDoc & { createdAt: string; updatedAt: string }): StoredPot {
  return {
    ...fields,
    type: 'pot',
    id: tripId,
    entryCents: 0,
    everyPlayer: true,
    participants: [],
    payoutMode: 'percentages',
    payouts: [],
    competitionId: null,
    applied: null,
  };
}

/** The participants now: the explicit list, or every player of the trip (in the trip's order). */
async function participantsOf(db: Database, pot: Pick<PotDoc, 'everyPlayer' | 'participants'>): Promise<string[]> {
  return pot.everyPlayer ? (await listPlayers(db)).map((p) => p.id) : pot.participants;
}

export async function presentPot(db: Database, tripId: string, trip: TripDoc, doc: StoredPot | undefined): Promise<Pot> {
  const pot = doc ?? defaults(tripId, { _id: potDocId(tripId), createdAt: '', updatedAt: '' });
  // An applied pot shows the participants it was applied with; otherwise the list as it stands now.
  const participants = pot.applied ? pot.applied.entries.map((e) => e.playerId) : await participantsOf(db, pot);
  return {
    tripId,
    currency: trip.currency,
    configured: !!doc,
    entryCents: pot.entryCents,
    everyPlayer: pot.everyPlayer,
    participants,
    payoutMode: pot.payoutMode,
    payouts: pot.payouts,
    competitionId: pot.competitionId,
    totalCents: pot.entryCents * participants.length,
    applied: pot.applied,
    createdAt: doc?.createdAt ?? null,
    updatedAt: doc?.updatedAt ?? null,
  };
}

/** How many times a change of the pot is decided again after another write of it got in between. */
const POT_ATTEMPTS = 20;

/**
 * Writes the pot document `decide` makes from the current one (undefined before the pot is configured), with the
 * revision read, and decides again on the fresh pot when another writer got there first: every check and result is
 * made on the pot it is written over, on any number of servers (issue 33: an apply computed on the pot read before
 * overwrote a change of the entry made meanwhile with the old entry's payout). 409 `conflict` when it never got in.
 */
async function writePot(deps: AppDeps, db: Database, tripId: string, decide: (current: StoredPot | undefined) => StoredPot | Promise<StoredPot>): Promise<StoredPot> {
  for (let attempt = 1; ; attempt++) {
    const current = await getPot(db, tripId);
    const next = await decide(current ? structuredClone(current) : undefined);
    const doc: StoredPot = { ...next, _id: potDocId(tripId), updatedAt: deps.now().toISOString(), ...(current ? { _rev: current._rev } : {}) };
    if (!current) delete doc._rev;
    try {
      const { rev } = await db.put(doc);
      return { ...doc, _rev: rev };
    } catch (err) {
      if (!(err instanceof StoreConflictError)) throw err;
      if (attempt >= POT_ATTEMPTS) throw new AppError('conflict', 'the pot is being changed at this moment; try again');
      await sleep(Math.floor(Math.random() * Math.min(25, 2 + attempt)));
    }
  }
}

function badPayouts(message: string): AppError {
  return new AppError('validation_failed', message, [{ path: ['body', 'payouts'], message }]);
}

/** Each payout row must fit the mode; percentages must add up to exactly 100 (in hundredths, so no float error). */
function checkPayouts(mode: PotDoc['payoutMode'], payouts: PotDoc['payouts']): void {
  if (payouts.length === 0) return;
  if (mode === 'percentages') {
    if (payouts.some((p) => !('percent' in p))) throw badPayouts('in percentages mode every payout is {place, percent}');
    const hundredths = payouts.reduce((sum, p) => sum + ('percent' in p ? Math.round(p.percent * 100) : 0), 0);
    if (hundredths !== 10_000) throw badPayouts(`percentages must add up to exactly 100, not ${hundredths / 100}`);
  } else if (payouts.some((p) => !('cents' in p))) {
    throw badPayouts('in amounts mode every payout is {place, cents}');
  }
}

/**
 * Changes the pot's configuration. Participants must be players of the trip (422 `unknown_player`), the competition
 * a competition of the trip (422). Any change clears an applied result: apply again to pay out by the new terms.
 */
export async function patchPot(deps: AppDeps, db: Database, tripId: string, body: PatchPotBody): Promise<StoredPot> {
  if (body.participants) {
    const onTrip = new Set((await listPlayers(db)).map((p) => p.id));
    const unknown = body.participants.filter((id) => !onTrip.has(id));
    if (unknown.length > 0) {
      throw new AppError(
        'unknown_player',
        unknown.map((id) => `player ${id} is not on this trip`).join('; '),
        unknown.map((id) => ({ path: ['body', 'participants', body.participants!.indexOf(id)], message: `player ${id} is not on this trip`, playerId: id })),
      );
    }
  }
  if (body.competitionId) {
    const competition = await db.get(`competition:${body.competitionId}`);
    if (!competition || competition.type !== 'competition') {
      throw new AppError('unprocessable', `no competition ${body.competitionId} on this trip`, [{ path: ['body', 'competitionId'], message: 'unknown competition' }]);
    }
  }
  const players = (await listPlayers(db)).map((p) => p.id);
  // Decided on the pot it is written over: the mode and list left out of the body are the ones it has then.
  return writePot(deps, db, tripId, (current) => {
    const doc = current ?? defaults(tripId, newDocFields(deps, 'pot', tripId));
    const mode = body.payoutMode ?? doc.payoutMode;
    checkPayouts(mode, body.payouts ?? doc.payouts);
    const everyPlayer = body.participants === undefined ? doc.everyPlayer : body.participants === null;
    // The list is stored even when it follows the trip's players: `trip/player_refs` indexes it.
    const participants = everyPlayer ? players : (body.participants ?? doc.participants);
    return {
      ...doc,
      entryCents: body.entryCents ?? doc.entryCents,
      everyPlayer,
      participants,
      payoutMode: mode,
      payouts: body.payouts ?? doc.payouts,
      competitionId: body.competitionId !== undefined ? body.competitionId : doc.competitionId,
      applied: null,
    };
  });
}

const notReady = (message: string) => new AppError('pot_not_ready', message);

/**
 * Pays the pot out by the competition's final standings and stores the result in the pot (replacing an earlier
 * one, so applying twice gives one result). Final: every round of the competition is completed. The participants
 * are ranked in the board's order; a participant without a score is not ranked and gets nothing.
 */
export async function applyPot(deps: AppDeps, db: Database, tripId: string): Promise<StoredPot> {
  // Computed on the pot it is written over (see writePot): a change of the terms made meanwhile is paid out, never lost.
  return writePot(deps, db, tripId, (pot) => potApplied(deps, db, pot));
}

async function potApplied(deps: AppDeps, db: Database, pot: StoredPot | undefined): Promise<StoredPot> {
  if (!pot) throw notReady('the pot is not configured: set entryCents, payouts and competitionId first');
  const missing = [pot.competitionId ? '' : 'competitionId', pot.payouts.length > 0 ? '' : 'payouts', pot.entryCents > 0 ? '' : 'entryCents'].filter(Boolean);
  if (missing.length > 0) throw notReady(`the pot is not configured: set ${missing.join(', ')} first`);
  const participants = await participantsOf(db, pot);
  if (participants.length === 0) throw notReady('the pot has no participants');
  const competitionId = pot.competitionId!;
  const competition = await db.get<CompetitionDoc & StoredDoc>(`competition:${competitionId}`);
  if (!competition || competition.type !== 'competition') throw notReady(`competition ${competitionId} no longer exists: choose another`);
  const rounds = await Promise.all(competition.roundIds.map((id) => db.get<RoundDoc & StoredDoc>(`round:${id}`)));
  const open = competition.roundIds.filter((id, i) => rounds[i]?.state !== 'completed');
  if (open.length > 0) throw notReady(`the standings of ${competition.name} are not final: round(s) ${open.join(', ')} not completed`);
  const board = await competitionBoard(db, competitionId);
  if (board.kind !== 'tournament') throw new AppError('unprocessable', `${competition.name} is a team match competition: the pot needs player standings`);
  const standings = potStandings(board.entries, participants);
  const totalCents = pot.entryCents * participants.length;
  if (pot.payoutMode === 'amounts') {
    const sum = pot.payouts.reduce((s, p) => s + ('cents' in p ? p.cents : 0), 0);
    if (sum !== totalCents) throw new AppError('unprocessable', `the payouts add up to ${sum} cents but the pot holds ${totalCents} (${participants.length} × ${pot.entryCents})`);
  }
  if (standings.length < pot.payouts.length) {
    throw new AppError('unprocessable', `${pot.payouts.length} places pay out but only ${standings.length} participant(s) are ranked: remove the places that cannot be paid`);
  }
  const applied: PotApplied = {
    at: deps.now().toISOString(),
    competitionId,
    standings,
    payouts: potPayouts({ totalCents, mode: pot.payoutMode, payouts: pot.payouts, standings }),
    entries: participants.map((playerId) => ({ playerId, cents: pot.entryCents })),
  };
  return { ...pot, participants, applied };
}

/**
 * The pot's standings from a tournament board's entries: the participants ranked in the board's order, re-ranked
 * among themselves competition style (tied players share a place, the next place skips); a participant without a
 * score is not ranked. Shared by applying the pot and by the preview of a correction (issue 24).
 */
export function potStandings(entries: readonly { playerId: string; position: number | null }[], participants: readonly string[]): { playerId: string; place: number }[] {
  const inPot = new Set(participants);
  const ranked = entries.filter((e) => inPot.has(e.playerId) && e.position !== null);
  return ranked.map((e) => ({ playerId: e.playerId, place: ranked.findIndex((r) => r.position === e.position) + 1 }));
}
