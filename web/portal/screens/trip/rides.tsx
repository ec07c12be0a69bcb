/**
 * The ride board: offers (seats left, passengers) and requests from the phone's `rideoffer:`/`riderequest:`
 * documents, which offers fit my open requests (the server's own matching, shared/domain/travel/ride-board.ts), and
 * the writes: ask for a seat, offer seats, take or give up a seat, withdraw a request. Asking for a seat and
 * withdrawing my own open request are written on the phone (`trip.putDoc`, the document as the server's route would
 * store it): they work without signal and sync sends them. Seats and offers go over REST, where the server checks
 * them (409 `seats_full`); a typed form stays as it is when sending fails.
 */
import { useState } from 'preact/hooks';
import { matchRides, seatsLeft } from '../../../../shared/domain/travel/ride-board.js';
import type { TripDocument } from '../../../../sync/device/index.js';
import { useDocs, useOnline, useStatus, useTrip } from '../../state/hooks.js';
import { call, dateTimeLabel, Delivery, nameOf, newId, OfflineNote, putLocal, Said, usePlayerNames, useTripInfo, type Outcome } from './common.js';
import type { OfferDoc, RequestDoc } from './types.js';

type SaidText = { ok: boolean; text: string } | null;

export function Rides() {
  const { trip } = useTrip();
  const names = usePlayerNames();
  const offerDocs = useDocs<OfferDoc>('rideoffer');
  const requestDocs = useDocs<RequestDoc>('riderequest');
  // The server's answers to my writes, until sync brings documents as new (or, for a deletion, for good).
  const [fresh, setFresh] = useState<Record<string, OfferDoc | RequestDoc | 'gone'>>({});
  const [said, setSaid] = useState<Record<string, SaidText>>({});
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const status = useStatus();
  const me = trip.playerId;

  const latest = <T extends OfferDoc | RequestDoc>(docs: T[] | undefined, kind: string): T[] => {
    const byId = new Map((docs ?? []).map((d) => [d.id, d]));
    for (const [key, f] of Object.entries(fresh)) {
      const [k, id] = key.split(':') as [string, string];
      if (k !== kind) continue;
      const d = byId.get(id);
      if (f === 'gone') byId.delete(id);
      else if (!d || f.updatedAt > d.updatedAt) byId.set(id, f as T);
    }
    return [...byId.values()];
  };
  const offers = latest(offerDocs, 'rideoffer').sort((a, b) => a.departureTime.localeCompare(b.departureTime) || a.id.localeCompare(b.id));
  const requests = latest(requestDocs, 'riderequest').sort((a, b) => a.earliestDeparture.localeCompare(b.earliestDeparture) || a.id.localeCompare(b.id));
  const matches = matchRides(offers, requests).filter((m) => m.playerId === me);
  const fitsMine = (offerId: string) => matches.find((m) => m.offerIds.includes(offerId))?.requestId;

  /** A seat for one of my requests: the request may still be on its way to the server (asked for a moment ago). */
  async function takeSeat(offerId: string, requestId: string | undefined): Promise<Outcome<unknown>> {
    if (requestId && navigator.onLine && status.pendingWrites > 0) await trip.awaitInSync({ timeoutMs: 8_000 }).catch(() => undefined);
    const r = await call(trip, `ride-offers/${offerId}/accept`, 'POST', requestId ? { requestId } : { seats: 1 });
    return !r.ok && r.code === 'not_found' && requestId ? { ...r, message: 'Your request has not reached the server yet. Try again in a moment.' } : r;
  }

  /** Asks for a seat: a new open request of mine, as `POST …/ride-requests` stores it, written on the phone. */
  async function ask(body: Record<string, unknown>): Promise<boolean> {
    const now = new Date().toISOString();
    const id = newId();
    const doc = { _id: `riderequest:${id}`, type: 'riderequest', id, createdAt: now, updatedAt: now, ...body, playerId: me, offerId: null };
    return act('newRequest', () => putLocal(trip, doc), online ? 'Your request is on the board.' : 'Your request is on the board on this phone. It goes to the server when you have signal.');
  }

  /** Withdraws my open request: deleted on the phone (sync sends the deletion), unless the phone still has it matched. */
  async function withdraw(r: RequestDoc): Promise<boolean> {
    const onPhone = requestDocs?.find((d) => d.id === r.id);
    const done = () => setFresh((f) => ({ ...f, [`riderequest:${r.id}`]: 'gone' }));
    if (!onPhone || onPhone.offerId != null) return act(`r${r.id}`, () => call(trip, `ride-requests/${r.id}`, 'DELETE'), 'Request withdrawn.', done);
    return act(`r${r.id}`, () => putLocal(trip, { ...(onPhone as unknown as TripDocument), _deleted: true }), 'Request withdrawn.');
  }

  async function act(key: string, run: () => Promise<Outcome<unknown>>, done: string, store?: (body: unknown) => void): Promise<boolean> {
    setBusy(true);
    const r = await run();
    setBusy(false);
    if (r.ok) store?.(r.body);
    setSaid((s) => ({ ...s, [key]: r.ok ? { ok: true, text: done } : { ok: false, text: r.message } }));
    return r.ok;
  }
  const keep = (kind: string) => (body: unknown) => setFresh((f) => ({ ...f, [`${kind}:${(body as { id: string }).id}`]: body as OfferDoc }));
  /** A seat taken for (or given up by) one of my requests: the server matched (or reopened) it in the same call. */
  const keepSeat = (requestId: string | undefined, offerId: string | null) => (body: unknown) => {
    keep('rideoffer')(body);
    const r = requests.find((x) => x.id === requestId);
    if (r) setFresh((f) => ({ ...f, [`riderequest:${r.id}`]: { ...r, offerId, updatedAt: (body as OfferDoc).updatedAt } }));
  };

  return (
    <section aria-labelledby="rides-h">
      <h1 id="rides-h">Rides</h1>
      <OfflineNote />
      <h2>Offers</h2>
      {offerDocs === undefined ? <p role="status">Loading…</p> : offers.length === 0 ? <p>No rides offered yet.</p> : null}
      <ul class="cards">
        {offers.map((o) => {
          const left = seatsLeft(o);
          const mySeat = o.passengers.find((p) => p.playerId === me);
          const request = fitsMine(o.id);
          return (
            <li key={o.id} class="card" data-testid={`offer-${o.id}`}>
              <h3>
                {o.origin} → {o.destination}
              </h3>
              <p>
                {dateTimeLabel(o.departureTime)} · {o.driverId === me ? 'you drive' : `${nameOf(names, o.driverId)} drives`}
              </p>
              <p aria-live="polite" data-testid="seats-left">
                {left > 0 ? `${left} of ${o.seats} seats left` : 'Full: no seats left'}
                {o.passengers.length ? ` · with ${o.passengers.map((p) => (p.playerId === me ? 'you' : nameOf(names, p.playerId)) + (p.seats > 1 ? ` (${p.seats})` : '')).join(', ')}` : ''}
              </p>
              {o.notes ? <p class="muted">{o.notes}</p> : null}
              {mySeat ? (
                <button type="button" class="secondary" disabled={busy} onClick={() => act(`o${o.id}`, () => call(trip, `ride-offers/${o.id}/cancel`, 'POST', {}), 'You gave up your seat.', keepSeat(mySeat.requestId ?? undefined, null))}>
                  Give up my seat
                </button>
              ) : o.driverId !== me ? (
                <button
                  type="button"
                  disabled={busy || left === 0}
                  data-testid="take-seat"
                  onClick={() => act(`o${o.id}`, () => takeSeat(o.id, request), 'Seat taken.', keepSeat(request, o.id))}
                >
                  {left === 0 ? 'Full' : request ? 'Take a seat (fits your request)' : 'Take a seat'}
                </button>
              ) : null}
              <Said said={said[`o${o.id}`]} />
            </li>
          );
        })}
      </ul>

      <h2>Requests</h2>
      {requests.length === 0 ? <p>Nobody has asked for a ride yet.</p> : null}
      <ul class="cards">
        {requests.map((r) => {
          const mine = r.playerId === me;
          const fits = matches.find((m) => m.requestId === r.id)?.offerIds.length ?? 0;
          return (
            <li key={r.id} class="card" data-testid={`request-${r.id}`}>
              <h3>
                {r.origin} → {r.destination}
              </h3>
              <p>
                {mine ? 'You' : nameOf(names, r.playerId)}, {r.seats} seat{r.seats > 1 ? 's' : ''}, leaving {dateTimeLabel(r.earliestDeparture)}–{r.latestDeparture.slice(11, 16)}
              </p>
              <p>
                {r.offerId ? <span class="badge">Seat found</span> : <span class="badge warn">Open</span>}
                {mine && !r.offerId ? ` ${fits ? `${fits} offer${fits > 1 ? 's' : ''} fit` : 'No offer fits yet'}` : ''}
              </p>
              {mine && !r.offerId ? (
                <button
                  type="button"
                  class="secondary"
                  disabled={busy}
                  onClick={() => withdraw(r)}
                >
                  Withdraw my request
                </button>
              ) : null}
              {mine ? <Delivery docId={`riderequest:${r.id}`} updatedAt={r.updatedAt} /> : null}
              <Said said={said[`r${r.id}`]} />
            </li>
          );
        })}
      </ul>

      <RideForm kind="request" busy={busy} said={said.newRequest ?? null} onSend={ask} />
      <RideForm kind="offer" busy={busy} said={said.newOffer ?? null} onSend={(body) => act('newOffer', () => call(trip, 'ride-offers', 'POST', body), 'Your offer is on the board.', keep('rideoffer'))} />
    </section>
  );
}

/** Ask for a seat (a departure window) or offer seats (a departure time). */
function RideForm({ kind, busy, said, onSend }: { kind: 'request' | 'offer'; busy: boolean; said: SaidText; onSend: (body: Record<string, unknown>) => Promise<boolean> }) {
  const info = useTripInfo();
  const start = `${info.startDate}T09:00`;
  const [v, setV] = useState({ origin: '', destination: '', from: start, to: `${info.startDate}T10:00`, seats: '1', notes: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const id = (f: string) => `${kind}-${f}`;
  const field = (f: keyof typeof v, label: string, type = 'text', extra: Record<string, unknown> = {}) => (
    <>
      <label for={id(f)}>{label}</label>
      <input id={id(f)} type={type} value={v[f]} onInput={(e) => setV({ ...v, [f]: (e.target as HTMLInputElement).value })} {...extra} />
    </>
  );

  async function submit(e: Event) {
    e.preventDefault();
    const seats = Number(v.seats);
    const need = [!v.origin.trim() && 'where from', !v.destination.trim() && 'where to', !v.from && 'a time'].filter(Boolean);
    if (need.length) return setProblem(`Please give ${need.join(', ')}.`);
    if (!Number.isInteger(seats) || seats < 1 || seats > 8) return setProblem('Seats: a whole number from 1 to 8.');
    if (kind === 'request' && (!v.to || v.to < v.from)) return setProblem('The latest departure must not be before the earliest.');
    setProblem(null);
    const common = { origin: v.origin.trim(), destination: v.destination.trim(), seats, ...(v.notes.trim() ? { notes: v.notes.trim() } : {}) };
    const body = kind === 'request' ? { ...common, earliestDeparture: v.from, latestDeparture: v.to } : { ...common, departureTime: v.from };
    if (await onSend(body)) setV({ ...v, origin: '', destination: '', notes: '' });
  }

  return (
    <details class="card ride-form" data-testid={`${kind}-form`}>
      <summary>{kind === 'request' ? 'Ask for a seat' : 'Offer seats in my car'}</summary>
      <form onSubmit={submit} noValidate>
        {field('origin', 'From', 'text', { autocomplete: 'off', maxLength: 200 })}
        {field('destination', 'To', 'text', { autocomplete: 'off', maxLength: 200 })}
        {field('from', kind === 'request' ? 'Earliest departure (trip time)' : 'Departure (trip time)', 'datetime-local')}
        {kind === 'request' ? field('to', 'Latest departure (trip time)', 'datetime-local') : null}
        {field('seats', kind === 'request' ? 'Seats I need' : 'Seats for passengers', 'number', { min: 1, max: 8, inputMode: 'numeric' })}
        {field('notes', 'Notes (optional)', 'text', { maxLength: 1000 })}
        {problem ? <p class="error-text" role="alert">{problem}</p> : null}
        <button type="submit" disabled={busy} class="wide">
          {kind === 'request' ? 'Ask for a seat' : 'Offer seats'}
        </button>
        <Said said={said} />
      </form>
    </details>
  );
}
