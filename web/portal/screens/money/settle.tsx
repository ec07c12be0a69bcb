/**
 * My settle-up: my balance (`GET …/balance`, kept with its age for when there is no signal), the settlements I pay
 * or receive (replicated, so offline too), how to pay one (`…/payment-links`: the payee's payment apps with the
 * amount), "I paid" (`POST …/settlements/:id/paid`) and "I received it" (`…/confirm`).
 */
import { useState } from 'preact/hooks';
import type { SettlementDoc } from '../../../../shared/schemas/money.js';
import { useOnline, useTrip } from '../../state/hooks.js';
import { age, money } from './amount.js';
import { getJson, useFetched, useNames, useSettlements } from './data.js';

interface Balance {
  currency: string;
  expenses: { paidCents: number; shareCents: number; netCents: number };
  overall: { netCents: number; expensesCents: number; sideGamesCents: number; wagersCents: number; potCents: number; settledCents: number };
}

interface Links {
  memo: string;
  links: { method: string; label: string; url: string | null; instructions: string }[];
}

const STATUS = { pending: 'To pay', paid: 'Paid, not confirmed yet', confirmed: 'Confirmed' } as const;

export function SettleUp() {
  const { kept } = useTrip();
  const online = useOnline();
  const settlements = useSettlements();
  const balance = useFetched<Balance>('balance', `/trip-portal/trips/${kept.tripId}/balance`, [online, settlements?.length]);
  const name = useNames();
  const b = balance.value;
  const currency = b?.currency ?? kept.session.trip.currency;
  const mine = (settlements ?? [])
    .filter((s) => s.fromPlayerId === kept.playerId || s.toPlayerId === kept.playerId)
    .sort((x, y) => order(x) - order(y) || x.createdAt.localeCompare(y.createdAt));

  return (
    <section aria-labelledby="settle-h" data-testid="settle-up">
      <h2 id="settle-h">My settle-up</h2>
      <div class="card balance" aria-live="polite" data-testid="balance">
        {b ? (
          <>
            <p class="big">
              {b.overall.netCents > 0 ? `I am owed ${money(b.overall.netCents, currency)}` : b.overall.netCents < 0 ? `I owe ${money(-b.overall.netCents, currency)}` : 'I am square'}
            </p>
            <p class="muted small">
              Expenses: paid {money(b.expenses.paidCents, currency)}, my share {money(b.expenses.shareCents, currency)}
              {b.overall.sideGamesCents ? ` · games ${money(b.overall.sideGamesCents, currency)}` : ''}
              {b.overall.wagersCents ? ` · bets ${money(b.overall.wagersCents, currency)}` : ''}
              {b.overall.potCents ? ` · pot ${money(b.overall.potCents, currency)}` : ''}
              {b.overall.settledCents ? ` · settled ${money(b.overall.settledCents, currency)}` : ''}
            </p>
          </>
        ) : (
          <p class="muted">{balance.loading ? 'Loading my balance…' : 'My balance shows once the phone has been online.'}</p>
        )}
        {balance.at && (balance.problem || !online) && (
          <p class="badge warn" data-testid="balance-age">
            As of {age(balance.at)}{balance.problem ? ` · ${balance.problem}` : ''}
          </p>
        )}
      </div>
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
