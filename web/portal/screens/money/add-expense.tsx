/**
 * Add an expense I paid: what, how much (typed decimal → exact cents), category, day, who shares it (everyone by
 * default, split equally), and an optional receipt photo from the camera. It is stored on the phone first (the
 * queue) and sent when there is signal; nothing waits on the network here.
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import { splitExpense } from '../../../../shared/domain/money/split.js';
import type { ExpenseCategory } from '../../../../shared/schemas/money.js';
import { RECEIPT_MAX_BYTES } from '../../../../shared/schemas/receipt.js';
import { useTrip } from '../../state/hooks.js';
import { href, navigate } from '../../router.js';
import { money, parseAmount } from './amount.js';
import { usePlayers } from './data.js';
import { newExpenseId, put } from './queue.js';
import { kick } from './sender.js';

const CATEGORIES: { value: ExpenseCategory; label: string }[] = [
  { value: 'food', label: 'Food' },
  { value: 'drinks', label: 'Drinks' },
  { value: 'golf', label: 'Golf' },
  { value: 'lodging', label: 'Lodging' },
  { value: 'transport', label: 'Transport' },
  { value: 'activities', label: 'Activities' },
  { value: 'gear', label: 'Gear' },
  { value: 'other', label: 'Other' },
];

/** Today in the trip's time zone, `YYYY-MM-DD`. */
function today(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

export function AddExpense() {
  const { kept } = useTrip();
  const currency = kept.session.trip.currency;
  const players = usePlayers();
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [category, setCategory] = useState<ExpenseCategory>('food');
  const [date, setDate] = useState(() => today(kept.session.trip.timezone));
  const [left, setLeft] = useState<Set<string>>(new Set());
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ description?: string; amount?: string; share?: string; photo?: string; save?: string }>({});
  const [saving, setSaving] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const sharing = (players ?? []).filter((p) => !left.has(p.id));
  const parsed = amount.trim() ? parseAmount(amount, currency) : undefined;
  const preview = useMemo(() => {
    if (!parsed?.ok || sharing.length === 0) return undefined;
    return splitExpense(parsed.cents, { mode: 'equal', playerIds: sharing.map((p) => p.id) });
  }, [parsed?.ok && parsed.cents, sharing.map((p) => p.id).join()]);

  const toggle = (id: string) => {
    const next = new Set(left);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setLeft(next);
  };

  function pick(input: HTMLInputElement) {
    const f = input.files?.[0] ?? null;
    if (f && f.size > RECEIPT_MAX_BYTES) {
      setErrors({ ...errors, photo: `That photo is ${(f.size / 1048576).toFixed(1)} MB; a receipt may be ${RECEIPT_MAX_BYTES / 1048576} MB at most. Take it again at a lower resolution.` });
      input.value = '';
      setPhoto(null);
      return;
    }
    setErrors({ ...errors, photo: undefined });
    setPhoto(f);
  }

  async function submit(e: Event) {
    e.preventDefault();
    const problems: typeof errors = {};
    const what = description.trim();
    if (!what) problems.description = 'Say what it was for.';
    else if (what.length > 500) problems.description = 'Keep it under 500 characters.';
    const p = parseAmount(amount, currency);
    if (!p.ok) problems.amount = p.message;
    if (sharing.length === 0) problems.share = 'Pick at least one player to share it.';
    if (!date) problems.share = problems.share ?? 'Pick the day.';
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !p.ok) return;
    setSaving(true);
    try {
      const id = newExpenseId();
      await put({
        id,
        tripKey: kept.key,
        tripId: kept.tripId,
        body: { amountCents: p.cents, category, date, description: what, split: { mode: 'equal', playerIds: sharing.map((s) => s.id) } },
        photo,
        photoName: photo ? photo.name || 'receipt.jpg' : null,
        receiptId: null,
        queuedAt: new Date().toISOString(),
        attempts: 0,
        nextAt: 0,
        lastError: null,
        refused: null,
        sent: false,
      });
      void kick(kept.key);
      navigate(href(kept.key, 'money'));
    } catch (err) {
      setErrors({ save: `The phone could not store it: ${(err as Error).message}. Nothing was saved; try again.` });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form class="money-form" onSubmit={submit} noValidate data-testid="expense-form">
      <div class="row spread">
        <h1>Add an expense I paid</h1>
      </div>
      <label for="exp-desc">What for</label>
      <input id="exp-desc" name="description" value={description} maxLength={500} autocomplete="off" onInput={(e) => setDescription(e.currentTarget.value)} aria-invalid={!!errors.description} aria-describedby={errors.description ? 'exp-desc-err' : undefined} />
      {errors.description && <p id="exp-desc-err" class="error-text">{errors.description}</p>}

      <label for="exp-amount">Amount ({currency})</label>
      <input id="exp-amount" name="amount" inputMode="decimal" autocomplete="off" value={amount} onInput={(e) => setAmount(e.currentTarget.value)} aria-invalid={!!errors.amount} aria-describedby="exp-amount-err" data-testid="amount" />
      <p id="exp-amount-err" class="error-text" role="alert" data-testid="amount-error">{errors.amount ?? ''}</p>

      <div class="two">
        <div>
          <label for="exp-cat">Category</label>
          <select id="exp-cat" value={category} onChange={(e) => setCategory(e.currentTarget.value as ExpenseCategory)}>
            {CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>{c.label}</option>
            ))}
          </select>
        </div>
        <div>
          <label for="exp-date">Day</label>
          <input id="exp-date" type="date" value={date} onInput={(e) => setDate(e.currentTarget.value)} />
        </div>
      </div>

      <fieldset class="sharers">
        <legend>Shared equally by</legend>
        {players === undefined && <p class="muted">Loading players…</p>}
        {players && players.length > 2 && (
          <button type="button" class="secondary all" onClick={() => setLeft(left.size === 0 ? new Set(players.map((p) => p.id)) : new Set())}>
            {left.size === 0 ? 'Clear all, then pick' : 'Everyone'}
          </button>
        )}
        {players?.map((p) => {
          const share = preview?.find((s) => s.playerId === p.id);
          return (
            <label key={p.id} class="sharer">
              <input type="checkbox" checked={!left.has(p.id)} onChange={() => toggle(p.id)} data-testid={`share-${p.id}`} />
              <span class="sharer-name">{p.name}{p.id === kept.playerId ? ' (me)' : ''}</span>
              <span class="num">{share ? money(share.cents, currency) : '—'}</span>
            </label>
          );
        })}
        {errors.share && <p class="error-text">{errors.share}</p>}
      </fieldset>

      <label for="exp-photo">Receipt photo (optional)</label>
      <input id="exp-photo" ref={file} type="file" accept="image/*" capture="environment" onChange={(e) => pick(e.currentTarget)} data-testid="photo" aria-describedby="exp-photo-err" />
      <p id="exp-photo-err" class="error-text" role="alert">{errors.photo ?? ''}</p>
      {photo && (
        <p class="muted">
          {photo.name || 'Photo'} · {Math.ceil(photo.size / 1024)} KB{' '}
          <button
            type="button"
            class="secondary"
            onClick={() => {
              setPhoto(null);
              if (file.current) file.current.value = '';
            }}
          >
            Remove photo
          </button>
        </p>
      )}

      {errors.save && <p class="error-text" role="alert">{errors.save}</p>}
      <div class="actions">
        <a class="button secondary" href={href(kept.key, 'money')}>Cancel</a>
        <button type="submit" disabled={saving} data-testid="save-expense">Save expense</button>
      </div>
    </form>
  );
}
