/** The trip's expenses: the list with totals, adding, changing and deleting one, and its receipt. */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { formatDay, plural } from '../../../common/format.js';
import { useDeleteExpense, useExpenses, type Expense } from '../../api/money.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';
import { QueryView } from '../../ui/query-view.js';
import { ExpenseForm } from './expense-form.js';
import type { MoneyContext } from './money-context.js';
import { CATEGORY_WORDS, money } from './money-words.js';
import { ReceiptView } from './receipt-view.js';

type Open = { kind: 'add' } | { kind: 'edit'; expense: Expense } | { kind: 'delete'; expense: Expense } | { kind: 'receipt'; expense: Expense } | null;

function splitWords(e: Expense, ctx: MoneyContext): string {
  const n = e.shares.length;
  const everyone = n === ctx.players.length ? 'everyone' : plural(n, 'person', 'people');
  switch (e.split.mode) {
    case 'equal':
      return `Equally, ${everyone}`;
    case 'exact':
      return `Exact amounts, ${everyone}`;
    case 'shares':
      return `By shares, ${everyone}`;
    default:
      return `By percentages, ${everyone}`;
  }
}

export function ExpensesView({ ctx }: { ctx: MoneyContext }) {
  const expenses = useExpenses(ctx.tripId);
  const remove = useDeleteExpense(ctx.tripId);
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  const close = () => setOpen(null);
  return (
    <section aria-labelledby="expenses-title">
      <div class="page-head">
        <div>
          <h3 id="expenses-title">Expenses</h3>
          <p class="muted">Everything someone paid for others: who paid, and who shares it. Balances and payments follow from these.</p>
        </div>
        <div class="actions">
          <button type="button" onClick={() => setOpen({ kind: 'add' })}>
            Add an expense
          </button>
        </div>
      </div>
      {done ? (
        <p class="notice success" role="status">
          {done}
        </p>
      ) : null}
      <QueryView query={expenses} loading="Loading the expenses…">
        {(list) =>
          list.length === 0 ? (
            <div class="card empty">
              <h4>No expenses yet</h4>
              <p>Add the first one: the villa, a dinner, the green fees someone paid for the group.</p>
            </div>
          ) : (
            <>
              <p>
                {plural(list.length, 'expense')}, {money(list.reduce((a, e) => a + e.tripAmountCents, 0), ctx.currency)} in all.
              </p>
              <div class="table-wrap" tabIndex={0} role="region" aria-label="Expenses">
                <table class="table money-table" aria-label="Expenses">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">What for</th>
                      <th scope="col">Paid by</th>
                      <th scope="col" class="num">
                        Amount
                      </th>
                      <th scope="col">Shared</th>
                      <th scope="col">Receipt</th>
                      <th scope="col">
                        <span class="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((e) => (
                      <tr key={e.id}>
                        <td class="nowrap">{formatDay(e.date)}</td>
                        <th scope="row">
                          {e.description}
                          <span class="cell-note">{CATEGORY_WORDS[e.category]}</span>
                        </th>
                        <td>{ctx.nameOf(e.payerId)}</td>
                        <td class="num">
                          {money(e.tripAmountCents, ctx.currency)}
                          {e.currency !== ctx.currency ? <span class="cell-note">{money(e.amountCents, e.currency)} at {e.exchangeRate}</span> : null}
                        </td>
                        <td>{splitWords(e, ctx)}</td>
                        <td>
                          {e.receiptId ? (
                            <button type="button" class="secondary small" onClick={() => setOpen({ kind: 'receipt', expense: e })}>
                              See receipt<span class="visually-hidden"> of {e.description}</span>
                            </button>
                          ) : (
                            <span class="muted">None</span>
                          )}
                        </td>
                        <td class="row-actions">
                          <button type="button" class="secondary small" onClick={() => setOpen({ kind: 'edit', expense: e })} aria-label={`Change ${e.description}`}>
                            Change
                          </button>{' '}
                          <button type="button" class="secondary small" onClick={() => setOpen({ kind: 'delete', expense: e })} aria-label={`Delete ${e.description}`}>
                            Delete
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )
        }
      </QueryView>
      <Dialog id="expense-dialog" class="wide-dialog" open={open?.kind === 'add' || open?.kind === 'edit'} title={open?.kind === 'edit' ? `Change “${open.expense.description}”` : 'Add an expense'} onClose={close}>
        {open?.kind === 'add' || open?.kind === 'edit' ? (
          <ExpenseForm
            key={open.kind === 'edit' ? open.expense.id : 'new'}
            ctx={ctx}
            expense={open.kind === 'edit' ? open.expense : undefined}
            onCancel={close}
            onDone={(e) => {
              setDone(open.kind === 'edit' ? `“${e.description}” saved.` : `“${e.description}” added: ${money(e.tripAmountCents, ctx.currency)} paid by ${ctx.nameOf(e.payerId)}.`);
              close();
            }}
          />
        ) : null}
      </Dialog>
      <Dialog id="expense-delete" open={open?.kind === 'delete'} title="Delete this expense?" onClose={close}>
        {open?.kind === 'delete' ? (
          <>
            <p>
              “{open.expense.description}”, {money(open.expense.tripAmountCents, ctx.currency)} paid by {ctx.nameOf(open.expense.payerId)}, leaves every balance. Payments already stored are not changed:
              store a plan again to take this into account. {open.expense.receiptId ? 'Its receipt is kept on the trip.' : ''}
            </p>
            <ConfirmActions
              error={remove.error}
              pending={remove.pending}
              confirm="Delete the expense"
              pendingLabel="Deleting…"
              cancel="Keep it"
              onCancel={close}
              onConfirm={async () => {
                await remove.run(open.expense.id);
                setDone(`“${open.expense.description}” deleted.`);
                close();
              }}
            />
          </>
        ) : null}
      </Dialog>
      <Dialog id="expense-receipt" class="wide-dialog" open={open?.kind === 'receipt'} title={open?.kind === 'receipt' ? `Receipt: ${open.expense.description}` : 'Receipt'} onClose={close}>
        {open?.kind === 'receipt' && open.expense.receiptId ? (
          <>
            <ReceiptView tripId={ctx.tripId} receiptId={open.expense.receiptId} what={open.expense.description} />
            <div class="actions">
              <button type="button" class="secondary" onClick={close}>
                Close
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
    </section>
  );
}
