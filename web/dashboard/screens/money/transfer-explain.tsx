/**
 * Where a payment's amount comes from: the items of the payer's balance (what they owe, and why) and of the
 * payee's (what they are owed, and why), each expense, game, wager, pot share and payment already made named, and
 * how this payment fits among the payer's and payee's payments of the plan.
 */
import type { MoneySourceItem, MoneySources } from '../../api/money.js';
import type { GraphTransfer } from './plan-graph.js';
import type { MoneyContext } from './money-context.js';
import { money, signedMoney, SOURCE_WORDS } from './money-words.js';

function Items({ items, currency }: { items: MoneySourceItem[]; currency: string }) {
  if (items.length === 0) return <p class="muted">Nothing counted.</p>;
  const sorted = [...items].sort((a, b) => Math.abs(b.cents) - Math.abs(a.cents));
  return (
    <ul class="source-list">
      {sorted.map((i, k) => (
        <li key={`${i.source}-${i.refId}-${k}`}>
          <span class="source-kind">{SOURCE_WORDS[i.source] ?? i.source}</span> <span class="source-label">{i.label}</span>{' '}
          {i.source === 'expense' ? (
            <span class="muted small">
              (paid {money(i.paidCents ?? 0, currency)}, share {money(i.shareCents ?? 0, currency)})
            </span>
          ) : null}{' '}
          <span class={`source-cents ${i.cents >= 0 ? 'owed' : 'owes'}`}>{signedMoney(i.cents, currency)}</span>
        </li>
      ))}
    </ul>
  );
}

export function TransferExplain({ ctx, transfer, transfers, sources }: { ctx: MoneyContext; transfer: GraphTransfer; transfers: GraphTransfer[]; sources: MoneySources }) {
  const c = ctx.currency;
  const payer = sources.players.find((p) => p.playerId === transfer.fromPlayerId);
  const payee = sources.players.find((p) => p.playerId === transfer.toPlayerId);
  const from = ctx.nameOf(transfer.fromPlayerId);
  const to = ctx.nameOf(transfer.toPlayerId);
  const pays = transfers.filter((t) => t.fromPlayerId === transfer.fromPlayerId);
  const gets = transfers.filter((t) => t.toPlayerId === transfer.toPlayerId);
  const payTotal = pays.reduce((a, t) => a + t.cents, 0) - transfers.filter((t) => t.toPlayerId === transfer.fromPlayerId).reduce((a, t) => a + t.cents, 0);
  const getTotal = gets.reduce((a, t) => a + t.cents, 0) - transfers.filter((t) => t.fromPlayerId === transfer.toPlayerId).reduce((a, t) => a + t.cents, 0);
  return (
    <div class="transfer-explain">
      <p>
        {from} pays {to} {money(transfer.cents, c)}.{' '}
        {pays.length > 1 ? `It is one of ${pays.length} payments that settle ${from}’s balance. ` : `It settles all of ${from}’s balance. `}
        {gets.length > 1 ? `${to} receives ${gets.length} payments in all.` : ''}
      </p>
      <div class="explain-columns">
        <section>
          <h5>
            {from}: {payer ? signedMoney(payer.netCents, c) : '—'}
          </h5>
          <p class="muted small">Owes {money(Math.max(0, payTotal), c)} in this plan, from:</p>
          {payer ? <Items items={payer.items} currency={c} /> : <p class="muted">No money recorded.</p>}
        </section>
        <section>
          <h5>
            {to}: {payee ? signedMoney(payee.netCents, c) : '—'}
          </h5>
          <p class="muted small">Is owed {money(Math.max(0, getTotal), c)} in this plan, from:</p>
          {payee ? <Items items={payee.items} currency={c} /> : <p class="muted">No money recorded.</p>}
        </section>
      </div>
    </div>
  );
}
