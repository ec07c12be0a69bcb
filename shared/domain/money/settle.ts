/**
 * Settling up: the transfers that bring every player's net (positive: is owed money) to zero.
 *
 * The fewest transfers: transfers form a graph whose connected components each sum to zero, and a component of k
 * players needs at least k − 1 transfers (a tree). So the minimum is (players with a non-zero net) − (the largest
 * number of disjoint zero-sum groups they split into), and settling each such group in k − 1 transfers reaches it.
 * Finding that partition is NP-hard in general; it is exact here up to 20 players (a DP over subsets) and a heuristic
 * beyond, never worse than the greedy.
 */

/** `fromPlayerId` pays `toPlayerId` `cents` (> 0). */
export interface Transfer {
  fromPlayerId: string;
  toPlayerId: string;
  cents: number;
}

interface Party {
  id: string;
  net: number;
}

/** Up to this many non-zero nets the plan is exact (2^20 subsets). */
const EXACT_LIMIT = 20;
/** Beyond these sizes the O(m²) searches for zero-sum triples and quadruples would cost more than they are worth. */
const TRIPLE_LIMIT = 2_000;
const QUAD_LIMIT = 300;

/**
 * Transfers that bring every net to exactly zero with the minimum number of transfers: exact for up to 20 non-zero
 * nets, a heuristic beyond (zero-sum pairs, then triples and quadruples, then the exact plan or the greedy on what
 * is left), and never more transfers than greedyTransfers. Deterministic whatever the key order (ties go by player
 * id); sorted by fromPlayerId, then toPlayerId. Zero nets are ignored. Throws RangeError if the nets are not safe
 * integers or do not sum to zero.
 *
 * @example planTransfers({ ann: 500, bob: -500, cy: 300, dan: -300 })
 * // [{ fromPlayerId: 'bob', toPlayerId: 'ann', cents: 500 }, { fromPlayerId: 'dan', toPlayerId: 'cy', cents: 300 }]
 */
export function planTransfers(nets: Readonly<Record<string, number>>): Transfer[] {
  const parties = nonZeroParties(nets);
  const { groups, rest } = takeZeroSumPairs(parties);
  let planned: Transfer[];
  if (rest.length <= EXACT_LIMIT) {
    // A zero-sum pair is a group of some optimal partition (swap argument), so pairs first keeps this exact.
    planned = settleGroups([...groups, ...maxZeroSumPartition(rest)]);
  } else {
    const small = takeSmallZeroSumGroups(rest);
    const tail = small.rest.length <= EXACT_LIMIT ? maxZeroSumPartition(small.rest) : [small.rest];
    planned = settleGroups([...groups, ...small.groups, ...tail]);
    const greedy = settleGreedily(parties);
    if (greedy.length < planned.length) planned = greedy;
  }
  return sortTransfers(planned);
}

/**
 * The classic greedy: repeatedly the largest debtor pays the largest creditor min(|debt|, credit). Ties go to the
 * smaller player id. At most (non-zero nets − 1) transfers. Sorted by fromPlayerId, then toPlayerId.
 *
 * @example greedyTransfers({ ann: 700, bob: -400, cy: -300 })
 * // [{ fromPlayerId: 'bob', toPlayerId: 'ann', cents: 400 }, { fromPlayerId: 'cy', toPlayerId: 'ann', cents: 300 }]
 */
export function greedyTransfers(nets: Readonly<Record<string, number>>): Transfer[] {
  return sortTransfers(settleGreedily(nonZeroParties(nets)));
}

/**
 * Everyone settles with `hubId` only (the organizer who collects and pays out): debtors pay the hub, the hub pays
 * creditors. The hub's own net is implied by the others. Sorted by fromPlayerId, then toPlayerId. Throws RangeError
 * if the nets are not safe integers or do not sum to zero.
 *
 * @example settleThrough('org', { org: 0, ann: 500, bob: -500 })
 * // [{ fromPlayerId: 'bob', toPlayerId: 'org', cents: 500 }, { fromPlayerId: 'org', toPlayerId: 'ann', cents: 500 }]
 */
export function settleThrough(hubId: string, nets: Readonly<Record<string, number>>): Transfer[] {
  const transfers = nonZeroParties(nets)
    .filter((p) => p.id !== hubId)
    .map((p) => (p.net < 0 ? { fromPlayerId: p.id, toPlayerId: hubId, cents: -p.net } : { fromPlayerId: hubId, toPlayerId: p.id, cents: p.net }));
  return sortTransfers(transfers);
}

/** The non-zero nets, checked, in player-id order (so that nothing depends on key insertion order). */
function nonZeroParties(nets: Readonly<Record<string, number>>): Party[] {
  let total = 0n;
  const parties: Party[] = [];
  for (const [id, net] of Object.entries(nets)) {
    if (!Number.isSafeInteger(net)) throw new RangeError(`the net of ${id} must be whole cents (a safe integer), not ${String(net)}`);
    total += BigInt(net);
    if (net !== 0) parties.push({ id, net });
  }
  if (total !== 0n) throw new RangeError(`the nets must sum to zero; they sum to ${total} cents`);
  return parties.sort((a, b) => byId(a.id, b.id));
}

/** Each party with a partner of the opposite net, first come first matched in id order. */
function takeZeroSumPairs(parties: readonly Party[]): { groups: Party[][]; rest: Party[] } {
  const waiting = new Map<number, Party[]>();
  const paired = new Set<Party>();
  const groups: Party[][] = [];
  for (const p of parties) {
    const partners = waiting.get(-p.net);
    const partner = partners?.shift();
    if (partner) {
      groups.push([partner, p]);
      paired.add(partner).add(p);
    } else {
      const list = waiting.get(p.net);
      if (list) list.push(p);
      else waiting.set(p.net, [p]);
    }
  }
  return { groups, rest: parties.filter((p) => !paired.has(p)) };
}

/**
 * Heuristic for many players: zero-sum triples, then zero-sum quadruples (two pairs with opposite sums), each taken
 * as soon as found in id order.
 */
function takeSmallZeroSumGroups(parties: readonly Party[]): { groups: Party[][]; rest: Party[] } {
  const groups: Party[][] = [];
  let rest = [...parties];
  if (rest.length <= TRIPLE_LIMIT) {
    const used = new Set<number>();
    const byNet = new Map<number, number[]>();
    rest.forEach((p, i) => byNet.set(p.net, [...(byNet.get(p.net) ?? []), i]));
    for (let i = 0; i < rest.length; i++) {
      for (let j = i + 1; j < rest.length && !used.has(i); j++) {
        if (used.has(j)) continue;
        const k = byNet.get(-(rest[i]!.net + rest[j]!.net))?.find((k) => k > j && !used.has(k));
        if (k === undefined) continue;
        used.add(i).add(j).add(k);
        groups.push([rest[i]!, rest[j]!, rest[k]!]);
      }
    }
    rest = rest.filter((_, i) => !used.has(i));
  }
  if (rest.length > EXACT_LIMIT && rest.length <= QUAD_LIMIT) {
    const used = new Set<number>();
    const pairsBySum = new Map<number, [number, number][]>();
    for (let i = 0; i < rest.length; i++) {
      for (let j = i + 1; j < rest.length; j++) {
        const s = rest[i]!.net + rest[j]!.net;
        const list = pairsBySum.get(s);
        if (list) list.push([i, j]);
        else pairsBySum.set(s, [[i, j]]);
      }
    }
    for (const [s, pairs] of pairsBySum) {
      if (s <= 0) continue;
      const opposite = pairsBySum.get(-s);
      if (!opposite) continue;
      for (const [i, j] of pairs) {
        if (used.has(i) || used.has(j)) continue;
        // The two pairs must be four different players: a + b = s and a + c = −s share a, and {a, b, a, c}
        // "sums to zero" only by counting a twice (issue 14: such a group left 8 of 24 players unsettled).
        const match = opposite.find(([k, l]) => !used.has(k) && !used.has(l) && k !== i && k !== j && l !== i && l !== j);
        if (!match) continue;
        used.add(i).add(j).add(match[0]).add(match[1]);
        groups.push([rest[i]!, rest[j]!, rest[match[0]]!, rest[match[1]]!]);
      }
    }
    rest = rest.filter((_, i) => !used.has(i));
  }
  return { groups, rest };
}

/**
 * The partition of (at most 20) parties into the largest number of zero-sum groups. dp[mask] is the largest number
 * of disjoint zero-sum groups inside `mask`: dp[mask] = max over members i of dp[mask − i], plus one when `mask`
 * itself sums to zero. Neighbouring masks differ by at most one group, so the max stops at the first larger one.
 */
function maxZeroSumPartition(parties: readonly Party[]): Party[][] {
  const full = 2 ** parties.length - 1;
  const zero = zeroSumMasks(parties);
  const dp = new Uint8Array(full + 1);
  for (let mask = 1; mask <= full; mask++) {
    const low = mask & -mask;
    const first = dp[mask ^ low]!;
    let best = first;
    for (let m = mask ^ low; m !== 0 && best === first; m &= m - 1) {
      const v = dp[mask ^ (m & -m)]!;
      if (v > best) best = v;
    }
    dp[mask] = best + zero[mask]!;
  }
  // Walk back down from the full set, removing the lowest member that keeps the optimum; the zero-sum masks met on
  // the way cut the groups.
  const groups: Party[][] = [];
  let mask = full;
  let groupTop = full;
  while (mask !== 0) {
    const need = dp[mask]! - zero[mask]!;
    let m = mask;
    let next = mask;
    while (m !== 0) {
      const bit = m & -m;
      if (dp[mask ^ bit] === need) {
        next = mask ^ bit;
        break;
      }
      m ^= bit;
    }
    mask = next;
    if (mask === 0 || zero[mask] === 1) {
      groups.push(membersOf(groupTop ^ mask, parties));
      groupTop = mask;
    }
  }
  return groups;
}

/**
 * zero[mask] = 1 when the parties in `mask` sum to zero. Sums in doubles are exact while every partial sum is a safe
 * integer; beyond, 64-bit integers hold them (20 × 2^53 < 2^63).
 */
function zeroSumMasks(parties: readonly Party[]): Uint8Array {
  const size = 2 ** parties.length;
  const zero = new Uint8Array(size);
  const totalAbs = parties.reduce((a, p) => a + Math.abs(p.net), 0);
  if (totalAbs <= Number.MAX_SAFE_INTEGER) {
    const nets = Float64Array.from(parties, (p) => p.net);
    const sums = new Float64Array(size);
    for (let mask = 1; mask < size; mask++) {
      const low = mask & -mask;
      const s = sums[mask ^ low]! + nets[31 - Math.clz32(low)]!;
      sums[mask] = s;
      if (s === 0) zero[mask] = 1;
    }
  } else {
    const nets = parties.map((p) => BigInt(p.net));
    const sums = new BigInt64Array(size);
    for (let mask = 1; mask < size; mask++) {
      const low = mask & -mask;
      const s = sums[mask ^ low]! + nets[31 - Math.clz32(low)]!;
      sums[mask] = s;
      if (s === 0n) zero[mask] = 1;
    }
  }
  return zero;
}

function membersOf(mask: number, parties: readonly Party[]): Party[] {
  return parties.filter((_, i) => (mask & (2 ** i)) !== 0);
}

/** Each zero-sum group settled on its own by the greedy: a group of k settles in at most k − 1 transfers. */
function settleGroups(groups: readonly Party[][]): Transfer[] {
  return groups.flatMap((g) => settleGreedily(g));
}

/** Largest debtor pays largest creditor, ties to the smaller id, until all are square. Parties must sum to zero. */
function settleGreedily(parties: readonly Party[]): Transfer[] {
  const debtors = new Heap(parties.filter((p) => p.net < 0).map((p) => ({ id: p.id, cents: -p.net })));
  const creditors = new Heap(parties.filter((p) => p.net > 0).map((p) => ({ id: p.id, cents: p.net })));
  const transfers: Transfer[] = [];
  for (;;) {
    const debtor = debtors.pop();
    const creditor = creditors.pop();
    if (!debtor || !creditor) break;
    const cents = Math.min(debtor.cents, creditor.cents);
    transfers.push({ fromPlayerId: debtor.id, toPlayerId: creditor.id, cents });
    if (debtor.cents > cents) debtors.push({ id: debtor.id, cents: debtor.cents - cents });
    if (creditor.cents > cents) creditors.push({ id: creditor.id, cents: creditor.cents - cents });
  }
  return transfers;
}

interface Claim {
  id: string;
  cents: number;
}

/** A binary max-heap of claims: the largest amount first, and among equal amounts the smaller id. */
class Heap {
  private readonly items: Claim[] = [];

  constructor(claims: readonly Claim[]) {
    for (const c of claims) this.push(c);
  }

  push(claim: Claim): void {
    const items = this.items;
    items.push(claim);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): Claim | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0) return top;
    items[0] = last!;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      if (l < items.length && before(items[l]!, items[best]!)) best = l;
      if (r < items.length && before(items[r]!, items[best]!)) best = r;
      if (best === i) break;
      [items[i], items[best]] = [items[best]!, items[i]!];
      i = best;
    }
    return top;
  }
}

function before(a: Claim, b: Claim): boolean {
  return a.cents > b.cents || (a.cents === b.cents && a.id < b.id);
}

function sortTransfers(transfers: Transfer[]): Transfer[] {
  return transfers.sort((a, b) => byId(a.fromPlayerId, b.fromPlayerId) || byId(a.toPlayerId, b.toPlayerId));
}

/** Code-unit order: the same on every device, unlike localeCompare. */
function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
