/**
 * The trip's expenses: those on the phone (replicated, offline too) and mine still waiting to be sent, each marked
 * honestly ("waiting to send", "receipt waiting to upload", or the server's refusal with its reason).
 */
import { useEffect, useState } from 'preact/hooks';
import type { ExpenseDoc } from '../../../../shared/schemas/money.js';
import { useTrip } from '../../state/hooks.js';
import { age, money } from './amount.js';
import { useExpenses, useNames, useQueue } from './data.js';
import { remove, type QueuedExpense } from './queue.js';
import { retryRefused, sendWithoutPhoto } from './sender.js';

export function ExpenseList() {
  const { kept } = useTrip();
  const currency = kept.session.trip.currency;
  const docs = useExpenses();
  const queue = useQueue(kept.key);
  const name = useNames();

  const onServer = new Set((docs ?? []).map((d) => d.id));
  // An entry stays until its expense arrived by sync; then the phone forgets it. The id is this phone's own, so
  // an expense under it on the server is this one, even when the answer to sending it was lost.
  useEffect(() => {
    for (const q of queue ?? []) if (onServer.has(q.id)) void remove(q.id);
  }, [queue, docs]);

  const waiting = (queue ?? []).filter((q) => !onServer.has(q.id));
  const listed = [...(docs ?? [])].sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt));
  const total = listed.reduce((sum, e) => sum + e.tripAmountCents, 0);

  return (
    <section aria-labelledby="expenses-h">
      <div class="row spread">
        <h2 id="expenses-h">Expenses</h2>
        {docs && (
          <span class="muted" aria-live="polite" data-testid="expenses-total">
            {listed.length} · {money(total, currency)}
          </span>
        )}
      </div>
      {waiting.length > 0 && (
        <ul class="cards" data-testid="queued-expenses">
          {waiting.map((q) => (
            <QueuedRow key={q.id} entry={q} currency={currency} tripKey={kept.key} />
          ))}
        </ul>
      )}
      {(docs === undefined || (listed.length > 0 && !name)) && <p class="muted">Loading…</p>}
      {docs && listed.length === 0 && waiting.length === 0 && <p class="muted">No expenses yet.</p>}
      <ul class="cards">
        {name &&
          listed.map((e) => (
            <ExpenseRow key={e.id} e={e} currency={currency} payer={name(e.payerId)} me={kept.playerId} />
          ))}
      </ul>
    </section>
  );
}

function QueuedRow({ entry, currency, tripKey }: { entry: QueuedExpense; currency: string; tripKey: string }) {
  const photoWaiting = !!entry.photo && !entry.receiptId;
  async function discard() {
    const what = entry.photo ? 'this expense and its receipt photo' : 'this expense';
    if (confirm(`Remove ${what} from the phone? It has not reached the server.`)) await remove(entry.id);
  }
  return (
    <li class="card expense queued" data-testid="queued-expense" data-id={entry.id} data-sent={entry.sent}>
      <div class="row spread">
        <strong>{entry.body.description}</strong>
        <span class="amount">{money(entry.body.amountCents, currency)}</span>
      </div>
      <p class="badges">
        {entry.sent ? <span class="badge">Sent</span> : entry.refused ? <span class="badge bad">Refused</span> : <span class="badge warn">Waiting to send</span>}{' '}
        {photoWaiting && !entry.sent && <span class="badge warn" data-testid="receipt-waiting">Receipt waiting to upload</span>}
      </p>
      <p class="muted small">
        Added {age(entry.queuedAt)} · shared by {entry.body.split.mode === 'equal' ? entry.body.split.playerIds.length : '—'}
      </p>
      {entry.refused ? (
        <>
          <p class="error-text" role="alert" data-testid="refused-reason">{entry.refused}</p>
          <div class="actions">
            <button type="button" class="secondary" onClick={() => void retryRefused(entry.id, tripKey)}>Try again</button>
            {photoWaiting && (
              <button type="button" class="secondary" onClick={() => confirm('Send the expense without its receipt photo? The photo is removed from the phone.') && void sendWithoutPhoto(entry.id, tripKey)}>
                Send without photo
              </button>
            )}
            <button type="button" class="danger" onClick={() => void discard()}>Remove</button>
          </div>
        </>
      ) : (
        entry.lastError && !entry.sent && <p class="muted small" data-testid="queue-note">{entry.lastError}</p>
      )}
    </li>
  );
}

function ExpenseRow({ e, currency, payer, me }: { e: ExpenseDoc; currency: string; payer: string; me: string }) {
  const mine = e.participants.find((p) => p.playerId === me);
  return (
    <li class="card expense" data-testid="expense" data-id={e.id}>
      <div class="row spread">
        <strong>{e.description}</strong>
        <span class="amount">{money(e.tripAmountCents, currency)}</span>
      </div>
      <p class="muted small">
        {e.payerId === me ? 'I paid' : `${payer} paid`} · {e.date} · {e.participants.length} sharing
        {mine ? ` · my share ${money(mine.cents, currency)}` : ''}
        {e.currency !== currency ? ` · ${money(e.amountCents, e.currency)}` : ''}
      </p>
      {e.receiptId && <Receipt receiptId={e.receiptId} />}
    </li>
  );
}

/** A receipt's file, fetched with the session when asked for (the bytes never come by sync). */
function Receipt({ receiptId }: { receiptId: string }) {
  const { trip, kept } = useTrip();
  const [file, setFile] = useState<{ url: string; type: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => file && URL.revokeObjectURL(file.url), [file]);
  async function show() {
    setProblem(null);
    try {
      const res = await trip.request(`/trip-portal/trips/${kept.tripId}/receipts/${receiptId}/file`);
      if (!res.ok) throw new Error(`the server answered ${res.status}`);
      const blob = await res.blob();
      setFile({ url: URL.createObjectURL(blob), type: blob.type });
    } catch (err) {
      setProblem((err as { code?: string }).code === 'unreachable' ? 'No signal: the receipt opens when the phone is online.' : `Could not open it: ${(err as Error).message}`);
    }
  }
  if (file) {
    return (
      <div class="receipt">
        {/^image\/(jpeg|png)$/.test(file.type) ? <img src={file.url} alt="Receipt" data-testid="receipt-image" /> : null}
        <a href={file.url} target="_blank" rel="noopener" download={`receipt-${receiptId}`}>Open the receipt file</a>
      </div>
    );
  }
  return (
    <div class="receipt">
      <button type="button" class="secondary" onClick={() => void show()} data-testid="show-receipt">Show receipt</button>
      {problem && <p class="error-text">{problem}</p>}
    </div>
  );
}
