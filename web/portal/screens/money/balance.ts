/**
 * My balance as the phone's own database has it, so "My settle-up" follows every expense the moment it is on the
 * phone (synced from the server, or added here and still waiting to send) instead of the last REST answer.
 *
 * The parts: expenses (every expense on the phone plus mine in the send queue, split as the server splits them),
 * settlements already paid or confirmed (the settlement documents on the phone), and what only the server computes
 * (side games of completed rounds, settled wagers, the applied pot: the last `GET …/balance` answer). The same sum
 * as the server's unified net (server/money/settlements.service.ts `netsOf`).
 *
 * Whether the organizer's settle-up plan still fits: the transfers I still pay or receive in it add up to my net
 * when it was made from the same figures; after a new expense they do not, and the screen says so until the
 * organizer makes the plan again (the server does not remake it on its own).
 */
import { expenseBalances } from '../../../../shared/domain/money/balances.js';
import { splitExpense, type SplitInput } from '../../../../shared/domain/money/split.js';

export interface ServerBalance {
  currency: string;
  expenses: { paidCents: number; shareCents: number; netCents: number };
  overall: { netCents: number; expensesCents: number; sideGamesCents: number; wagersCents: number; potCents: number; settledCents: number };
}

export interface PhoneExpense {
  id: string;
  payerId: string;
  tripAmountCents: number;
  participants: { playerId: string; cents: number }[];
}

export interface WaitingExpense {
  id: string;
  description: string;
  /** In the trip's currency (the phone adds expenses in it). */
  amountCents: number;
  currency?: string | undefined;
  split: SplitInput;
  /** Refused by the server: it will not count until the player sends it again. */
  refused: boolean;
}

export interface PhoneSettlement {
  fromPlayerId: string;
  toPlayerId: string;
  cents: number;
  kind: string;
  status: 'pending' | 'paid' | 'confirmed';
}

export interface MyBalance {
  paidCents: number;
  shareCents: number;
  /** Expenses: paid − share. */
  expensesCents: number;
  /** Settlements marked paid or confirmed: what I paid raises my net, what I received lowers it. */
  settledCents: number;
  /** Side games, wagers and pot, as the server last answered (null: never answered). */
  serverOnlyCents: number | null;
  sideGamesCents: number;
  wagersCents: number;
  potCents: number;
  /** Positive: I am owed money. Without a server answer: expenses and settlements only. */
  netCents: number;
  /** My expenses on the phone that the server does not have yet (not refused), with the change to my net. */
  waiting: { id: string; description: string; netCents: number }[];
  /** A plan exists for me and its pending transfers no longer add up to my net: the organizer has not remade it. */
  planOutdated: boolean;
}

/** My balance from the phone's documents, the send queue and the server's last answer (see the module comment). */
export function myBalance(input: {
  me: string;
  tripCurrency: string;
  expenses: readonly PhoneExpense[];
  waiting: readonly WaitingExpense[];
  settlements: readonly PhoneSettlement[];
  server: ServerBalance | undefined;
}): MyBalance {
  const { me } = input;
  const onPhone = new Set(input.expenses.map((e) => e.id));
  const rows = input.expenses.map((e) => ({ payerId: e.payerId, amountCents: e.tripAmountCents, shares: e.participants }));
  const waiting: MyBalance['waiting'] = [];
  for (const q of input.waiting) {
    if (onPhone.has(q.id) || q.refused) continue;
    // The phone adds expenses in the trip's currency; another currency needs the server's rate: not counted here.
    if (q.currency && q.currency !== input.tripCurrency) continue;
    let shares: { playerId: string; cents: number }[];
    try {
      shares = splitExpense(q.amountCents, q.split);
    } catch {
      continue; // the server will refuse it and say why
    }
    rows.push({ payerId: me, amountCents: q.amountCents, shares });
    waiting.push({ id: q.id, description: q.description, netCents: q.amountCents - (shares.find((s) => s.playerId === me)?.cents ?? 0) });
  }
  const mine = expenseBalances([me], rows).find((b) => b.playerId === me)!;
  let settledCents = 0;
  for (const s of input.settlements) {
    if (s.status === 'pending') continue;
    if (s.fromPlayerId === me) settledCents += s.cents;
    if (s.toPlayerId === me) settledCents -= s.cents;
  }
  const o = input.server?.overall;
  const serverOnlyCents = o ? o.sideGamesCents + o.wagersCents + o.potCents : null;
  const netCents = mine.netCents + settledCents + (serverOnlyCents ?? 0);

  // The plan's pending transfers for me, against the net its kind counts ("plain": expenses and settlements only).
  const pending = input.settlements.filter((s) => s.status === 'pending' && (s.fromPlayerId === me || s.toPlayerId === me));
  const planned = pending.reduce((sum, s) => sum + (s.toPlayerId === me ? s.cents : -s.cents), 0);
  const kinds = new Set(input.settlements.map((s) => s.kind));
  const plain = kinds.size === 1 && kinds.has('plain');
  const planNet = plain ? mine.netCents + settledCents : netCents;
  const hasPlan = input.settlements.some((s) => s.fromPlayerId === me || s.toPlayerId === me);
  // A plan that counts games and bets can only be judged once the server has answered with them.
  const planOutdated = hasPlan && (plain || serverOnlyCents !== null) && planned !== planNet;

  return {
    paidCents: mine.paidCents,
    shareCents: mine.shareCents,
    expensesCents: mine.netCents,
    settledCents,
    serverOnlyCents,
    sideGamesCents: o?.sideGamesCents ?? 0,
    wagersCents: o?.wagersCents ?? 0,
    potCents: o?.potCents ?? 0,
    netCents,
    waiting,
    planOutdated,
  };
}
