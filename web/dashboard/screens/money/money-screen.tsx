/**
 * The Money tab: expenses with their receipts, balances, settlement plans (as a list and as a picture), payments,
 * wagers and the tournament pot. Each is a view of the query string (`?view=balances`), so each has its own address.
 */
import type { ComponentChildren } from 'preact';
import { useAllPlayers } from '../../api/players.js';
import { href } from '../../paths.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { BalancesView } from './balances-view.js';
import { ExpensesView } from './expenses-view.js';
import type { MoneyContext } from './money-context.js';
import { PaymentsView } from './payments-view.js';
import { PlansView } from './plans-view.js';
import { PotView } from './pot-view.js';
import { WagersView } from './wagers-view.js';

const VIEWS = [
  { view: 'expenses', label: 'Expenses' },
  { view: 'balances', label: 'Balances' },
  { view: 'plans', label: 'Who pays whom' },
  { view: 'payments', label: 'Payments' },
  { view: 'wagers', label: 'Wagers' },
  { view: 'pot', label: 'Tournament pot' },
] as const;
type View = (typeof VIEWS)[number]['view'];

export function MoneyScreen({ trip, query, myRole }: TripScreenProps) {
  const asked = query.get('view');
  const view: View = VIEWS.some((v) => v.view === asked) ? (asked as View) : 'expenses';
  const players = useAllPlayers(trip.id);
  return (
    <>
      <div class="page-head">
        <div>
          <h2>Money</h2>
          <p class="muted">What was spent and by whom, what each player owes or is owed, and the payments that settle it. Amounts in {trip.currency}.</p>
        </div>
      </div>
      <nav class="subnav" aria-label="Money">
        <ul>
          {VIEWS.map((v) => (
            <li key={v.view}>
              <a href={href('tripMoney', { tripId: trip.id }, v.view === 'expenses' ? {} : { view: v.view })} aria-current={v.view === view ? 'page' : undefined}>
                {v.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <QueryView query={players} loading="Loading the players…">
        {(list) => {
          const ctx: MoneyContext = {
            tripId: trip.id,
            timezone: trip.timezone,
            currency: trip.currency,
            players: list.map((p) => ({ id: p.id, name: p.name, role: p.role, team: p.team ?? null })),
            nameOf: (id: string) => list.find((p) => p.id === id)?.name ?? 'a removed player',
            query,
            myRole,
          };
          return <ViewOf view={view} ctx={ctx} />;
        }}
      </QueryView>
    </>
  );
}

function ViewOf({ view, ctx }: { view: View; ctx: MoneyContext }): ComponentChildren {
  switch (view) {
    case 'expenses':
      return <ExpensesView ctx={ctx} />;
    case 'balances':
      return <BalancesView ctx={ctx} />;
    case 'plans':
      return <PlansView ctx={ctx} />;
    case 'payments':
      return <PaymentsView ctx={ctx} />;
    case 'wagers':
      return <WagersView ctx={ctx} />;
    case 'pot':
      return <PotView ctx={ctx} />;
  }
}
