/**
 * My settle-up: my balance as the phone's database has it (balance.ts: every expense on the phone, mine waiting to
 * send included and marked so, the settlements paid, and the games, bets and pot of the server's last `GET …/balance`
 * answer, kept with its age for when there is no signal), the settlements I pay or receive (replicated, so offline
 * too; marked when the organizer's plan predates an expense), how to pay one (`…/payment-links`: the payee's payment
 * apps with the amount), "I paid" (`POST …/settlements/:id/paid`) and "I received it" (`…/confirm`).
 */
import { useState } from 'preact/hooks';
import type { SettlementDoc } from '../../../../shared/schemas/money.js';
import { useOnline, useTrip } from '../../state/hooks.js';
import { age, money } from './amount.js';
import { myBalance, type ServerBalance } from './balance.js';
import { getJson, useExpenses, useFetched, useNames, useQueue, useSettlements } from './data.js';

interface Links {
  memo: string;
  links: { method: string; label: string; url: string | null; instructions: string }[];
}

const STATUS = { pending: 'To pay', paid: 'Paid, not confirmed yet', confirmed: 'Confirmed' } as const;

export function SettleUp() {
  const { kept } = useTrip();
  const online = useOnline();
  const settlements = useSettlements();
  const expenses = useExpenses();
  const queue = useQueue(kept.key);
  // The server's answer is asked again whenever an expense or a settlement on the phone changes (its games, bets and
  // pot may have moved too); what is shown never waits for it.
  const changes = [...(expenses ?? []), ...(settlements ?? [])].map((d) => `${d.id}:${d.updatedAt}`).join('|');
  const balance = useFetched<ServerBalance>('balance', `/trip-portal/trips/${kept.tripId}/balance`, [online, changes]);
  const name = useNames();
  const currency = balance.value?.currency ?? kept.session.trip.currency;
  const b =
    expenses && settlements && queue
      ? myBalance({
          me: kept.playerId,
          tripCurrency: kept.session.trip.currency,
          expenses,
          waiting: queue.map((q) => ({ id: q.id, description: q.body.description, amountCents: q.body.amountCents, currency: q.body.currency, split: q.body.split, refused: !!q.refused })),
          settlements,
          server: balance.value,
        })
      : undefined;
  const mine = (settlements ?? [])
    .filter((s) => s.fromPlayerId === kept.playerId || s.toPlayerId === kept.playerId)
    .sort((x, y) => order(x) - order(y) || x.createdAt.localeCompare(y.createdAt));

  return (
    <section aria-labelledby="settle-h" data-testid="settle-up">
      <h2 id="settle-h">My settle-up</h2>
      <div class="card balance" aria-live="polite" data-testid="balance">
        {b ? (
          <>
            <p class="big" data-testid="balance-net" data-cents={b.netCents}>
              {b.netCents > 0 ? `I am owed ${money(b.netCents, currency)}` : b.netCents < 0 ? `I owe ${money(-b.netCents, currency)}` : 'I am square'}
            </p>
            <p class="muted small">
              Expenses: paid {money(b.paidCents, currency)}, my share {money(b.shareCents, currency)}
              {b.sideGamesCents ? ` · games ${money(b.sideGamesCents, currency)}` : ''}
              {b.wagersCents ? ` · bets ${money(b.wagersCents, currency)}` : ''}
              {b.potCents ? ` · pot ${money(b.potCents, currency)}` : ''}
              {b.settledCents > 0 ? ` · I paid ${money(b.settledCents, currency)}` : b.settledCents < 0 ? ` · I received ${money(-b.settledCents, currency)}` : ''}
            </p>
            {b.waiting.length > 0 && (
              <p class="pending-note" data-testid="balance-waiting">
                Includes {b.waiting.length === 1 ? `“${b.waiting[0]!.description}”, not sent yet` : `${b.waiting.length} expenses not sent yet`}: {b.waiting.length === 1 ? 'it goes' : 'they go'} when the phone has signal.
              </p>
            )}
            {b.serverOnlyCents === null && <p class="muted small">Games and bets count once the phone has been online.</p>}
          </>
        ) : (
          <p class="muted">Loading my balance…</p>
        )}
        {balance.at && (balance.problem || !online) && (
          <p class="badge warn" data-testid="balance-age">
            As of {age(balance.at)}{balance.problem ? ` · ${balance.problem}` : ''}
          </p>
        )}
      </div>
      {b?.planOutdated && (
        <p class="pending-note" role="status" data-testid="plan-outdated">
          Pending: the organizer's settle-up plan is from before the latest expenses. The payments below do not include them
          yet; they change when the organizer updates the plan.
        </p>
      )}
      {mine.length === 0 ? (
        <p class="muted">No settlements for me yet (the organizer makes the plan).</p>
      ) : !name ? (
        <p class="muted">Loading…</p>
      ) : (
        <ul class="cards">
          {mine.map((s) => (
            <SettlementRow key={s.id} s={s} me={kept.playerId} other={name(s.fromPlayerId === kept.playerId ? s.toPlayerId : s.fromPlayerId)} onChange={balance.reload} />
          ))}
        </ul>
      )}
    </section>
  );
}

const order = (s: SettlementDoc) => ({ pending: 0, paid: 1, confirmed: 2 })[s.status];

function SettlementRow({ s, me, other, onChange }: { s: SettlementDoc; me: string; other: string; onChange: () => void }) {
  const { trip, kept } = useTrip();
  const [status, setStatus] = useState<SettlementDoc['status'] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [showLinks, setShowLinks] = useState(false);
  const current = status && rank(status) > rank(s.status) ? status : s.status;
  const iPay = s.fromPlayerId === me;
  const base = `/trip-portal/trips/${kept.tripId}/settlements/${s.id}`;

  async function act(action: 'paid' | 'confirm') {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await getJson<{ status: SettlementDoc['status'] }>(trip, `${base}/${action}`, { method: 'POST' });
      setStatus(answer.status);
      onChange();
    } catch (err) {
      const m = (err as Error).message;
      setProblem(m === 'No signal.' ? 'No signal: nothing was recorded. Try again when the phone is online.' : m);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li class="card settlement" data-testid="settlement" data-id={s.id} data-status={current}>
      <div class="row spread">
        <strong>{iPay ? `I pay ${other}` : `${other} pays me`}</strong>
        <span class="amount">{money(s.cents, s.currency)}</span>
      </div>
      <p>
        <span class={`badge ${current === 'pending' ? 'warn' : ''}`}>{STATUS[current]}</span>
      </p>
      {problem && <p class="error-text" role="alert">{problem}</p>}
      <div class="actions">
        {iPay && current === 'pending' && (
          <>
            <button type="button" class="secondary" aria-expanded={showLinks} onClick={() => setShowLinks(!showLinks)} data-testid="how-to-pay">
              How to pay
            </button>
            <button type="button" disabled={busy} onClick={() => void act('paid')} data-testid="mark-paid">I paid</button>
          </>
        )}
        {!iPay && current !== 'confirmed' && (
          <button type="button" disabled={busy} onClick={() => void act('confirm')} data-testid="confirm-received">I received it</button>
        )}
      </div>
      {showLinks && <PaymentLinks path={`${base}/payment-links`} id={s.id} />}
    </li>
  );
}

const rank = (s: SettlementDoc['status']) => ({ pending: 0, paid: 1, confirmed: 2 })[s];

function PaymentLinks({ path, id }: { path: string; id: string }) {
  const links = useFetched<Links>(`links:${id}`, path);
  const v = links.value;
  return (
    <div class="pay-links" data-testid="payment-links">
      {!v && <p class="muted">{links.loading ? 'Loading…' : (links.problem ?? '')}</p>}
      {v && v.links.length === 0 && <p class="muted">They have not said how they like to be paid: ask them.</p>}
      {v && (
        <ul class="list">
          {v.links.map((l) => (
            <li key={l.method}>
              {l.url ? (
                <a class="button" href={l.url} target="_blank" rel="noopener noreferrer">
                  Pay with {l.label}
                </a>
              ) : (
                <strong>{l.label}</strong>
              )}
              {l.instructions && <p class="muted small">{l.instructions}</p>}
            </li>
          ))}
        </ul>
      )}
      {v && links.at && links.problem && <p class="badge warn">As of {age(links.at)}</p>}
    </div>
  );
}
