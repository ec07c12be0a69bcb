/**
 * Money (`#/t/<key>/money`, `…/money/add`): my settle-up, the trip's expenses, and adding one I paid. Works with
 * no signal: expenses and settlements are on the phone, new expenses and their receipt photos wait in a queue
 * (queue.ts, sender.ts), REST answers show with their age.
 */
import { useEffect } from 'preact/hooks';
import { useTrip } from '../../state/hooks.js';
import { href } from '../../router.js';
import type { ScreenProps } from '../../router.js';
import { AddExpense } from './add-expense.js';
import { ExpenseList } from './expenses.js';
import { startSending } from './sender.js';
import { SettleUp } from './settle.js';

export function MoneyScreen({ route }: ScreenProps) {
  const { trip, kept } = useTrip();
  useEffect(() => startSending(kept.key, trip), [trip, kept.key]);
  if (route.rest[0] === 'add') return <AddExpense />;
  return (
    <div class="money">
      <div class="row spread">
        <h1>Money</h1>
        <a class="button" href={href(kept.key, 'money', 'add')} data-testid="add-expense">
          + Add expense
        </a>
      </div>
      <SettleUp />
      <ExpenseList />
    </div>
  );
}
