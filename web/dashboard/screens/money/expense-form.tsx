/**
 * Adding or changing an expense: who paid, how much, what for, and how it is shared (equally, exact amounts, or
 * shares), with a photo or PDF of the receipt. Amounts are typed in the trip's currency and read exactly into cents.
 */
import { useState } from 'preact/hooks';
import { CreateExpenseBody, ExpenseCategory, PatchExpenseBody, type ExpenseSplit } from '../../../../shared/schemas/money.js';
import { SelectField, TextField } from '../../../common/field.js';
import { describeFailure } from '../../api/errors.js';
import { useCreateExpense, usePatchExpense, useUploadReceipt, type Expense } from '../../api/money.js';
import { FormProblems, useForm } from '../../ui/form.js';
import type { MoneyContext } from './money-context.js';
import { CATEGORY_WORDS, centsToInput, money, parseCents } from './money-words.js';
import { SplitFields, type SplitState } from './split-fields.js';

const LABELS = { description: 'What for', amountCents: 'Amount', payerId: 'Paid by', date: 'Date', category: 'Category', split: 'Shared by', receipt: 'Receipt' };

type Values = { description: string; amount: string; payerId: string; date: string; category: string };

function initialSplit(ctx: MoneyContext, e?: Expense): SplitState {
  const empty = { mode: 'equal' as SplitState['mode'], chosen: new Set<string>(), exact: {} as Record<string, string>, shares: {} as Record<string, string> };
  if (!e) return { ...empty, chosen: new Set(ctx.players.map((p) => p.id)) };
  const s = e.split;
  if (s.mode === 'equal') return { ...empty, chosen: new Set(s.playerIds) };
  if (s.mode === 'exact') return { ...empty, mode: 'exact', chosen: new Set(s.amounts.map((a) => a.playerId)), exact: Object.fromEntries(s.amounts.map((a) => [a.playerId, centsToInput(a.cents, e.currency)])) };
  if (s.mode === 'shares') return { ...empty, mode: 'shares', chosen: new Set(s.shares.map((a) => a.playerId)), shares: Object.fromEntries(s.shares.map((a) => [a.playerId, String(a.shares)])) };
  return { ...empty, mode: 'kept', chosen: new Set(s.percentages.map((a) => a.playerId)) };
}

/** The split as the API takes it, or a problem in words. */
function buildSplit(ctx: MoneyContext, split: SplitState, currency: string, original?: ExpenseSplit): ExpenseSplit | string {
  const ids = ctx.players.map((p) => p.id).filter((id) => split.chosen.has(id));
  if (ids.length === 0) return 'Choose at least one person who shares this expense.';
  if (split.mode === 'kept' && original) return original;
  if (split.mode === 'equal') return { mode: 'equal', playerIds: ids };
  if (split.mode === 'exact') {
    const amounts = [];
    for (const id of ids) {
      const cents = parseCents(split.exact[id] ?? '', currency);
      if (cents === null) return `The amount of ${ctx.nameOf(id)} is not an amount (write it like 12.50).`;
      amounts.push({ playerId: id, cents });
    }
    return { mode: 'exact', amounts };
  }
  const shares = [];
  for (const id of ids) {
    const n = Number(split.shares[id] ?? '1');
    if (!Number.isInteger(n) || n < 1) return `The shares of ${ctx.nameOf(id)} must be a whole number of at least 1.`;
    shares.push({ playerId: id, shares: n });
  }
  return { mode: 'shares', shares };
}

export function ExpenseForm({ ctx, expense, onDone, onCancel }: { ctx: MoneyContext; expense?: Expense; onDone: (e: Expense) => void; onCancel: () => void }) {
  const currency = expense?.currency ?? ctx.currency;
  const form = useForm<Values>(
    () => ({
      description: expense?.description ?? '',
      amount: expense ? centsToInput(expense.amountCents, currency) : '',
      payerId: expense?.payerId ?? ctx.players[0]?.id ?? '',
      date: expense?.date ?? new Date().toISOString().slice(0, 10),
      category: expense?.category ?? 'food',
    }),
    LABELS,
    'expense',
  );
  const [split, setSplit] = useState<SplitState>(() => initialSplit(ctx, expense));
  const [file, setFile] = useState<File | null>(null);
  const [dropReceipt, setDropReceipt] = useState(false);
  const create = useCreateExpense(ctx.tripId);
  const patch = usePatchExpense(ctx.tripId);
  const upload = useUploadReceipt(ctx.tripId);
  const [failure, setFailure] = useState<unknown>(null);
  const v = form.values;
  const amountCents = parseCents(v.amount, currency);

  const submit = async (e: Event) => {
    e.preventDefault();
    setFailure(null);
    if (amountCents === null || amountCents < 1) {
      form.setErrors({ amountCents: [`Write the amount in ${currency}, like 120.50.`] });
      document.getElementById(form.idOf('amountCents'))?.focus();
      return;
    }
    const built = buildSplit(ctx, split, currency, expense?.split);
    if (typeof built === 'string') {
      form.setErrors({ split: [built] });
      return;
    }
    const body = { description: v.description, amountCents, payerId: v.payerId, date: v.date, category: v.category, split: built };
    try {
      if (expense) {
        await form.submit(PatchExpenseBody.safeParse, body, async (parsed) => {
          const receiptId = file ? (await upload.run(file)).id : dropReceipt ? null : undefined;
          onDone(await patch.run({ id: expense.id, body: { ...parsed, ...(receiptId !== undefined ? { receiptId } : {}) } }));
        });
      } else {
        await form.submit(CreateExpenseBody.safeParse, body, async (parsed) => {
          const receiptId = file ? (await upload.run(file)).id : undefined;
          onDone(await create.run({ ...parsed, ...(receiptId ? { receiptId } : {}) }));
        });
      }
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <form onSubmit={submit} noValidate class="expense-form">
      <FormProblems form={form} labels={LABELS} />
      <div class="form-grid">
        <TextField id={form.idOf('description')} label="What for" value={v.description} onValue={(x) => form.set('description', x)} errors={form.errorsAt('description')} maxLength={500} class="span-2" />
        <TextField
          id={form.idOf('amountCents')}
          label={`Amount (${currency})`}
          inputMode="decimal"
          value={v.amount}
          onValue={(x) => form.set('amount', x)}
          errors={form.errorsAt('amountCents')}
          hint={amountCents !== null && amountCents > 0 ? `Reads as ${money(amountCents, currency)}` : 'The whole bill, as on the receipt.'}
        />
        <SelectField id={form.idOf('payerId')} label="Paid by" value={v.payerId} onValue={(x) => form.set('payerId', x)} options={ctx.players.map((p) => ({ value: p.id, label: p.name }))} errors={form.errorsAt('payerId')} />
        <TextField id={form.idOf('date')} label="Date" type="date" value={v.date} onValue={(x) => form.set('date', x)} errors={form.errorsAt('date')} />
        <SelectField id={form.idOf('category')} label="Category" value={v.category} onValue={(x) => form.set('category', x)} options={ExpenseCategory.options.map((c) => ({ value: c, label: CATEGORY_WORDS[c] ?? c }))} />
      </div>
      <SplitFields ctx={ctx} currency={currency} amountCents={amountCents} split={split} onSplit={setSplit} errors={form.errorsAt('split')} id={form.idOf('split')} keptLabel={expense?.split.mode === 'percentages' ? 'As recorded (percentages)' : null} />
      <div class="field">
        <label for={form.idOf('receipt')}>Receipt photo or PDF (optional)</label>
        <input id={form.idOf('receipt')} type="file" accept="image/jpeg,image/png,image/heic,image/heif,application/pdf" aria-describedby={`${form.idOf('receipt')}-hint`} onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
        <p class="field-hint" id={`${form.idOf('receipt')}-hint`}>
          A JPEG, PNG, HEIC or PDF of at most 10 MB.{expense?.receiptId && !file ? ' This expense has a receipt; a new file replaces it.' : ''}
        </p>
        {expense?.receiptId && !file ? (
          <label class="inline-check">
            <input type="checkbox" checked={dropReceipt} onChange={(e) => setDropReceipt(e.currentTarget.checked)} /> Take the receipt off this expense
          </label>
        ) : null}
      </div>
      {failure ? (
        <p class="notice error" role="alert">
          {describeFailure(failure)}
        </p>
      ) : null}
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : expense ? 'Save the changes' : 'Add the expense'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
