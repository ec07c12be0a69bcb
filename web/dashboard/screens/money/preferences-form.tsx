/** How each player wants to be paid (Venmo, PayPal.me, Cash App, Zelle, cash): what the payment links are built from. */
import { useState } from 'preact/hooks';
import { PaymentPreferences as PrefsSchema } from '../../../../shared/schemas/payments.js';
import { CheckboxField, SelectField, TextField } from '../../../common/field.js';
import { usePaymentPreferences, usePutPaymentPreferences, type PaymentPreferences } from '../../api/money-plans.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { QueryView } from '../../ui/query-view.js';
import type { MoneyContext } from './money-context.js';

const LABELS = { venmo: 'Venmo username', paypalMe: 'PayPal.me name', cashApp: 'Cash App cashtag', zelle: 'Zelle email or phone', cash: 'Cash', preferred: 'Preferred way' };
const METHODS = [
  { value: '', label: 'No preference' },
  { value: 'venmo', label: 'Venmo' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'cashapp', label: 'Cash App' },
  { value: 'zelle', label: 'Zelle' },
  { value: 'cash', label: 'Cash' },
];

export function PreferencesSection({ ctx }: { ctx: MoneyContext }) {
  const [playerId, setPlayerId] = useState(ctx.players[0]?.id ?? '');
  const prefs = usePaymentPreferences(ctx.tripId, playerId || null);
  return (
    <section aria-labelledby="prefs-title" class="prefs">
      <h3 id="prefs-title">How players want to be paid</h3>
      <p class="muted">Players set this on their phone; you can set it for them. Payers then get links with the amount filled in.</p>
      <SelectField id="prefs-player" label="Player" value={playerId} onValue={setPlayerId} options={ctx.players.map((p) => ({ value: p.id, label: p.name }))} />
      {playerId ? (
        <QueryView query={prefs} loading="Loading their preferences…">
          {(p) => <PrefsForm key={playerId} ctx={ctx} playerId={playerId} prefs={p} />}
        </QueryView>
      ) : null}
    </section>
  );
}

function PrefsForm({ ctx, playerId, prefs }: { ctx: MoneyContext; playerId: string; prefs: PaymentPreferences }) {
  const form = useForm(() => ({ venmo: prefs.venmo ?? '', paypalMe: prefs.paypalMe ?? '', cashApp: prefs.cashApp ?? '', zelle: prefs.zelle ?? '', cash: !!prefs.cash, preferred: prefs.preferred ?? '' }), LABELS, 'prefs');
  const put = usePutPaymentPreferences(ctx.tripId);
  const [saved, setSaved] = useState(false);
  const v = form.values;
  const submit = async (e: Event) => {
    e.preventDefault();
    setSaved(false);
    const body = Object.fromEntries(Object.entries({ ...v, cash: v.cash || undefined }).filter(([, x]) => x !== '' && x !== undefined));
    if (await form.submit(PrefsSchema.safeParse, body, async (parsed) => void (await put.run({ playerId, prefs: parsed })))) setSaved(true);
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormProblems form={form} labels={LABELS} />
      <div class="form-grid">
        <TextField id={form.idOf('venmo')} label="Venmo username" hint="Without the @" value={v.venmo} onValue={(x) => form.set('venmo', x)} errors={form.errorsAt('venmo')} />
        <TextField id={form.idOf('paypalMe')} label="PayPal.me name" hint="The name after paypal.me/" value={v.paypalMe} onValue={(x) => form.set('paypalMe', x)} errors={form.errorsAt('paypalMe')} />
        <TextField id={form.idOf('cashApp')} label="Cash App cashtag" hint="Without the $" value={v.cashApp} onValue={(x) => form.set('cashApp', x)} errors={form.errorsAt('cashApp')} />
        <TextField id={form.idOf('zelle')} label="Zelle email or phone" value={v.zelle} onValue={(x) => form.set('zelle', x)} errors={form.errorsAt('zelle')} />
        <SelectField id={form.idOf('preferred')} label="Preferred way" value={v.preferred} onValue={(x) => form.set('preferred', x)} options={METHODS} errors={form.errorsAt('preferred')} />
        <CheckboxField id={form.idOf('cash')} label="Takes cash" checked={v.cash} onValue={(x) => form.set('cash', x)} />
      </div>
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : `Save how ${ctx.nameOf(playerId)} is paid`}
        </button>
      </div>
      {saved ? (
        <p class="notice" role="status">
          Saved. Payment links to {ctx.nameOf(playerId)} now use these.
        </p>
      ) : null}
    </form>
  );
}
