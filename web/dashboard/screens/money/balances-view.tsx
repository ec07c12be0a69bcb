/**
 * Balances: what each player paid and their share of the expenses, then everything counted together (games of
 * completed rounds, settled wagers, the applied pot, payments already made). Each column adds up to zero: what some
 * are owed, others owe.
 */
import { useExpenseBalances } from '../../api/money.js';
import { usePlan } from '../../api/money-plans.js';
import { href } from '../../paths.js';
import { QueryView } from '../../ui/query-view.js';
import type { MoneyContext } from './money-context.js';
import { money, signedMoney } from './money-words.js';

const Net = ({ cents, currency }: { cents: number; currency: string }) => <span class={cents > 0 ? 'owed' : cents < 0 ? 'owes' : 'even'}>{cents === 0 ? money(0, currency) : signedMoney(cents, currency)}</span>;

export function BalancesView({ ctx }: { ctx: MoneyContext }) {
  const balances = useExpenseBalances(ctx.tripId);
  const unified = usePlan(ctx.tripId, 'unified');
  const c = ctx.currency;
  return (
    <>
      <section aria-labelledby="all-in-title">
        <h3 id="all-in-title">Everything together</h3>
        <p class="muted">
          Plus means the player is owed money, minus that they owe it. Games count once their round is completed, wagers once settled, the pot once paid out; payments already made are taken off.
        </p>
        <QueryView query={unified} loading="Counting everything…">
          {(plan) => {
            const sum = (k: 'expensesCents' | 'sideGamesCents' | 'wagersCents' | 'potCents' | 'settledCents' | 'netCents') => plan.nets.reduce((a, n) => a + n[k], 0);
            return (
              <div class="table-wrap" tabIndex={0} role="region" aria-label="Balances, everything together">
                <table class="table money-table" aria-label="Balances, everything together" aria-describedby="all-in-total">
                  <thead>
                    <tr>
                      <th scope="col">Player</th>
                      <th scope="col" class="num">Expenses</th>
                      <th scope="col" class="num">Games</th>
                      <th scope="col" class="num">Wagers</th>
                      <th scope="col" class="num">Pot</th>
                      <th scope="col" class="num">Already paid</th>
                      <th scope="col" class="num">Balance</th>
                    </tr>
                  </thead>
                  <tbody>
                    {plan.nets.map((n) => (
                      <tr key={n.playerId} data-player={n.playerId}>
                        <th scope="row">{n.name}</th>
                        <td class="num">{signedMoney(n.expensesCents, c)}</td>
                        <td class="num">{signedMoney(n.sideGamesCents, c)}</td>
                        <td class="num">{signedMoney(n.wagersCents, c)}</td>
                        <td class="num">{signedMoney(n.potCents, c)}</td>
                        <td class="num">{signedMoney(n.settledCents, c)}</td>
                        <td class="num strong" data-net={n.netCents}>
                          <Net cents={n.netCents} currency={c} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">Sum</th>
                      <td class="num">{signedMoney(sum('expensesCents'), c)}</td>
                      <td class="num">{signedMoney(sum('sideGamesCents'), c)}</td>
                      <td class="num">{signedMoney(sum('wagersCents'), c)}</td>
                      <td class="num">{signedMoney(sum('potCents'), c)}</td>
                      <td class="num">{signedMoney(sum('settledCents'), c)}</td>
                      <td class="num strong" data-sum={sum('netCents')}>
                        {signedMoney(sum('netCents'), c)}
                      </td>
                    </tr>
                  </tfoot>
                </table>
                <p id="all-in-total" class="muted small">
                  {sum('netCents') === 0 ? 'The balances add up to zero: what some are owed, the others owe.' : 'The balances do not add up to zero: tell the trip’s support, something is wrong.'}{' '}
                  <a href={href('tripMoney', { tripId: ctx.tripId }, { view: 'plans' })}>See who pays whom</a>
                </p>
              </div>
            );
          }}
        </QueryView>
      </section>
      <section aria-labelledby="expense-balances-title">
        <h3 id="expense-balances-title">Expenses only</h3>
        <QueryView query={balances} loading="Loading the balances…">
          {(b) => (
            <div class="table-wrap" tabIndex={0} role="region" aria-label="Balances of the expenses">
              <p>
                {money(b.totalCents, c)} spent over {b.expenseCount} {b.expenseCount === 1 ? 'expense' : 'expenses'}.
              </p>
              <table class="table money-table" aria-label="Balances of the expenses">
                <thead>
                  <tr>
                    <th scope="col">Player</th>
                    <th scope="col" class="num">Paid</th>
                    <th scope="col" class="num">Their share</th>
                    <th scope="col" class="num">Balance</th>
                  </tr>
                </thead>
                <tbody>
                  {b.balances.map((r) => (
                    <tr key={r.playerId}>
                      <th scope="row">{r.name}</th>
                      <td class="num">{money(r.paidCents, c)}</td>
                      <td class="num">{money(r.shareCents, c)}</td>
                      <td class="num strong">
                        <Net cents={r.netCents} currency={c} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryView>
      </section>
    </>
  );
}
