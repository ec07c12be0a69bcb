/** An expense in the trip's currency: who paid how much, and each participant's share of it. */
export interface ExpenseLike {
  payerId: string;
  amountCents: number;
  shares: { playerId: string; cents: number }[];
}

/** What a player paid, their share of what was spent, and the difference (positive: is owed money). */
export interface Balance {
  playerId: string;
  paidCents: number;
  shareCents: number;
  /** paid − share. */
  netCents: number;
}

/**
 * One row per player of `playerIds` (in that order, zeros included), plus any player that appears in expenses but
 * not in the list (a removed player still owes or is owed), appended sorted by id. Nets sum to zero. Throws
 * RangeError for an expense whose shares do not add up to its amount or amounts that are not whole cents.
 *
 * @example expenseBalances(['ann', 'bob'], [{ payerId: 'ann', amountCents: 1000, shares: [{ playerId: 'ann', cents: 500 }, { playerId: 'bob', cents: 500 }] }])
 * // [{ playerId: 'ann', paidCents: 1000, shareCents: 500, netCents: 500 }, { playerId: 'bob', paidCents: 0, shareCents: 500, netCents: -500 }]
 */
export function expenseBalances(playerIds: readonly string[], expenses: readonly ExpenseLike[]): Balance[] {
  const paid = new Map<string, number>();
  const share = new Map<string, number>();
  const add = (map: Map<string, number>, id: string, cents: number) => map.set(id, safeSum(map.get(id) ?? 0, cents));
  expenses.forEach((e, index) => {
    if (!Number.isSafeInteger(e.amountCents)) throw new RangeError(`expense ${index}: the amount must be whole cents`);
    let sum = 0;
    for (const s of e.shares) {
      if (!Number.isSafeInteger(s.cents)) throw new RangeError(`expense ${index}: the share of ${s.playerId} must be whole cents`);
      sum = safeSum(sum, s.cents);
    }
    if (sum !== e.amountCents) throw new RangeError(`expense ${index}: the shares add up to ${sum} cents, not its amount of ${e.amountCents}`);
    add(paid, e.payerId, e.amountCents);
    for (const s of e.shares) add(share, s.playerId, s.cents);
  });
  const listed = new Set(playerIds);
  const extra = [...new Set([...paid.keys(), ...share.keys()])].filter((id) => !listed.has(id)).sort(byId);
  return [...listed, ...extra].map((playerId) => {
    const paidCents = paid.get(playerId) ?? 0;
    const shareCents = share.get(playerId) ?? 0;
    return { playerId, paidCents, shareCents, netCents: paidCents - shareCents };
  });
}

/**
 * Adds several per-player net maps (Record<playerId, cents>) into one. Players keep the order in which they first
 * appear; a player whose nets cancel stays in, at 0. Throws RangeError for amounts that are not whole cents.
 *
 * @example sumNets({ ann: 500, bob: -500 }, { bob: 200, cy: -200 }) // { ann: 500, bob: -300, cy: -200 }
 */
export function sumNets(...nets: Readonly<Record<string, number>>[]): Record<string, number> {
  const total = new Map<string, number>();
  for (const net of nets) {
    for (const [id, cents] of Object.entries(net)) {
      if (!Number.isSafeInteger(cents)) throw new RangeError(`the net of ${id} must be whole cents`);
      total.set(id, safeSum(total.get(id) ?? 0, cents));
    }
  }
  // fromEntries defines own properties, so even an id such as "__proto__" is an ordinary key.
  return Object.fromEntries(total);
}

function safeSum(a: number, b: number): number {
  const s = a + b;
  if (!Number.isSafeInteger(s)) throw new RangeError('an amount is too large to add exactly');
  return s;
}

/** Code-unit order: the same everywhere, unlike localeCompare. */
function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
