import { wagerMoney } from '../../shared/domain/money/wagers.js';
import type { SettlementKind } from '../../shared/schemas/money.js';
import type { MoneySourceItem, MoneySources } from '../../shared/schemas/money-sources.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import { listSideGames, withState } from '../games/sidegames.service.js';
import type { RoundData } from '../games/round-data.js';
import { listPlayers } from '../players/players.service.js';
import { listRounds } from '../rounds/rounds.service.js';
import type { Database } from '../store/docstore.js';
import { listExpenses } from './expenses.service.js';
import { getPot } from './pot.service.js';
import { listSettlements } from './settlements.service.js';
import { listWagers } from './wagers.service.js';

/**
 * Each player's net of a plan of `kind`, item by item, counted as `netsOf` counts it: expenses (paid − share, in
 * the trip currency), and for `unified`/`organizer` the side games of completed rounds, settled wagers and the
 * applied pot; settlements already paid or confirmed count in every kind. Items of zero are left out.
 */
export async function moneySources(db: Database, trip: TripDoc & { id: string }, kind: SettlementKind): Promise<MoneySources> {
  const [players, expenses, settlements] = await Promise.all([listPlayers(db), listExpenses(db), listSettlements(db)]);
  const names = new Map(players.map((p) => [p.id, p.name]));
  const nameOf = (id: string) => names.get(id) ?? '(removed player)';
  const items = new Map<string, MoneySourceItem[]>(players.map((p) => [p.id, []]));
  const add = (playerId: string, item: MoneySourceItem) => {
    if (item.cents === 0 && item.source !== 'expense') return;
    const list = items.get(playerId) ?? [];
    list.push(item);
    items.set(playerId, list);
  };

  for (const e of expenses) {
    const shares = new Map(e.participants.map((p) => [p.playerId, p.cents]));
    const involved = new Set([e.payerId, ...shares.keys()]);
    for (const id of involved) {
      const paidCents = id === e.payerId ? e.tripAmountCents : 0;
      const shareCents = shares.get(id) ?? 0;
      if (paidCents === 0 && shareCents === 0) continue;
      add(id, { source: 'expense', refId: e.id, label: e.description, cents: paidCents - shareCents, paidCents, shareCents });
    }
  }

  if (kind !== 'plain') {
    const rounds = new Map((await listRounds(db)).map((r) => [r.id, r.name]));
    const cache = new Map<string, Promise<RoundData>>();
    const states = await Promise.all((await listSideGames(db)).map((g) => withState(db, trip.id, g, cache)));
    for (const { game, state } of states) {
      if (!state.final) continue;
      const round = rounds.get(game.roundId) ?? 'round';
      const label = game.name.includes(round) ? game.name : `${game.name} (${round})`;
      for (const [id, cents] of Object.entries(state.moneyCents as Record<string, number>)) add(id, { source: 'side_game', refId: game.id, label, cents });
    }
    for (const w of await listWagers(db)) {
      for (const [id, cents] of Object.entries(wagerMoney(w))) add(id, { source: 'wager', refId: w.id, label: w.terms, cents });
    }
    const applied = (await getPot(db, trip.id))?.applied ?? null;
    if (applied) {
      const places = new Map(applied.standings.map((s) => [s.playerId, s.place]));
      for (const e of applied.entries) add(e.playerId, { source: 'pot_entry', refId: trip.id, label: 'Tournament pot entry', cents: -e.cents });
      for (const p of applied.payouts) add(p.playerId, { source: 'pot_payout', refId: trip.id, label: `Tournament pot payout, place ${places.get(p.playerId) ?? '?'}`, cents: p.cents });
    }
  }

  for (const s of settlements) {
    if (s.status === 'pending') continue;
    add(s.fromPlayerId, { source: 'settled', refId: s.id, label: `Already paid to ${nameOf(s.toPlayerId)}`, cents: s.cents });
    add(s.toPlayerId, { source: 'settled', refId: s.id, label: `Already received from ${nameOf(s.fromPlayerId)}`, cents: -s.cents });
  }

  return {
    kind,
    currency: trip.currency,
    players: [...items].map(([playerId, list]) => ({ playerId, name: nameOf(playerId), netCents: list.reduce((a, i) => a + i.cents, 0), items: list })),
  };
}
