/**
 * The ride board (`?view=rides`): drives offered with their free seats and passengers, and rides asked for, each
 * open request with the offers that fit it (same places, leaving inside its window, seats left) as the server
 * matches them. Putting a request on a ride takes its seats in one step; giving a seat back opens the request again.
 */
import { useState } from 'preact/hooks';
import { plural } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { useDeleteRideOffer, useDeleteRideRequest, useRideBoard, useRideSeat } from '../../api/travel.js';
import type { Trip } from '../../api/types.js';
import { QueryView } from '../../ui/query-view.js';
import { ConfirmRemoval, type Removal } from './confirm-delete.js';
import { RideDialog } from './ride-forms.js';
import { dayAndTime, nameIn, timeOf } from './when.js';

export function RidesView({ trip, players }: { trip: Trip; players: { id: string; name: string }[] }) {
  const board = useRideBoard(trip.id);
  const seat = useRideSeat(trip.id);
  const delOffer = useDeleteRideOffer(trip.id);
  const delRequest = useDeleteRideRequest(trip.id);
  const [adding, setAdding] = useState<'offer' | 'request' | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const nameOf = nameIn(new Map(players.map((p) => [p.id, p.name])));
  const act = (input: Parameters<typeof seat.run>[0]) => {
    setProblem(null);
    seat.run(input).catch((e: unknown) => setProblem(describeFailure(e)));
  };
  return (
    <>
      <div class="page-head">
        <p class="muted">Drives between the villa, the courses and town, with no flight needed: drivers offer seats, players ask for a ride, and a request is put on a ride that fits it.</p>
        <div class="actions">
          <button type="button" onClick={() => setAdding('offer')}>
            Offer a ride
          </button>
          <button type="button" class="secondary" onClick={() => setAdding('request')}>
            Ask for a ride
          </button>
        </div>
      </div>
      {problem ? (
        <p class="notice error" role="alert">
          {problem}
        </p>
      ) : null}
      <QueryView query={board} loading="Loading the ride board…">
        {(b) => {
          const offerOf = new Map(b.offers.map((o) => [o.id, o]));
          const fits = new Map(b.matches.map((m) => [m.requestId, m.offerIds]));
          return (
            <div class="two-col">
              <section aria-labelledby="offers-title">
                <h3 id="offers-title">Rides offered ({b.offers.length})</h3>
                {b.offers.length === 0 ? <p class="muted">No ride offered yet.</p> : null}
                <ul class="travel-cards">
                  {b.offers.map((o) => (
                    <li key={o.id} class="card ride-offer">
                      <h4>
                        {nameOf(o.driverId)} drives: {o.origin} → {o.destination}
                      </h4>
                      <p>
                        Leaves {dayAndTime(o.departureTime)} · <strong>{o.seatsLeft === 0 ? 'full' : `${plural(o.seatsLeft, 'seat')} left`}</strong> of {o.seats}
                      </p>
                      {o.passengers.length ? (
                        <ul class="rider-list" aria-label={`Passengers of ${nameOf(o.driverId)}`}>
                          {o.passengers.map((p) => (
                            <li key={p.playerId}>
                              {nameOf(p.playerId)}
                              {p.seats > 1 ? ` (${p.seats} seats)` : ''}{' '}
                              <button type="button" class="link" disabled={seat.pending} onClick={() => act({ offerId: o.id, cancel: { playerId: p.playerId } })}>
                                Give {nameOf(p.playerId)}’s seat back
                              </button>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                      {o.notes ? <p class="muted small">{o.notes}</p> : null}
                      <button
                        type="button"
                        class="secondary small"
                        aria-label={`Withdraw ${nameOf(o.driverId)}’s ride…`}
                        onClick={() =>
                          setRemoval({
                            title: `Withdraw ${nameOf(o.driverId)}’s ride?`,
                            lines: [o.passengers.length ? `${plural(o.passengers.length, 'passenger')} lose their seat; the requests they came from are open again.` : 'Nobody rides with them yet.'],
                            confirm: 'Withdraw the ride',
                            cancel: 'Keep it',
                            run: () => delOffer.run(o.id),
                          })
                        }
                      >
                        Withdraw…
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby="requests-title">
                <h3 id="requests-title">Rides asked for ({b.requests.length})</h3>
                {b.requests.length === 0 ? <p class="muted">Nobody has asked for a ride.</p> : null}
                <ul class="travel-cards">
                  {b.requests.map((r) => {
                    const on = r.offerId ? offerOf.get(r.offerId) : undefined;
                    const options = (fits.get(r.id) ?? []).map((id) => offerOf.get(id)).filter((o) => o !== undefined);
                    return (
                      <li key={r.id} class={`card ride-request ${r.status}`}>
                        <h4>
                          {nameOf(r.playerId)}: {r.origin} → {r.destination}
                        </h4>
                        <p>
                          Can leave {dayAndTime(r.earliestDeparture)}–{timeOf(r.latestDeparture)}
                          {r.seats > 1 ? ` · ${r.seats} seats` : ''} · <span class={`badge ${r.status === 'matched' ? 'green' : 'amber'}`}>{r.status === 'matched' ? 'Has a ride' : 'Open'}</span>
                        </p>
                        {on ? (
                          <p>
                            With {nameOf(on.driverId)}, leaving {timeOf(on.departureTime)}.{' '}
                            <button type="button" class="link" disabled={seat.pending} onClick={() => act({ offerId: on.id, cancel: { playerId: r.playerId } })}>
                              Give the seat back
                            </button>
                          </p>
                        ) : options.length ? (
                          <ul class="chip-actions">
                            {options.map((o) => (
                              <li key={o.id}>
                                <button type="button" class="small" disabled={seat.pending} onClick={() => act({ offerId: o.id, accept: { requestId: r.id } })}>
                                  Put {nameOf(r.playerId)} with {nameOf(o.driverId)} ({timeOf(o.departureTime)})
                                </button>
                              </li>
                            ))}
                          </ul>
                        ) : (
                          <p class="muted small">No ride offered fits yet (same places, leaving in this window, with seats left).</p>
                        )}
                        <button
                          type="button"
                          class="secondary small"
                          aria-label={`Withdraw ${nameOf(r.playerId)}’s request…`}
                          onClick={() =>
                            setRemoval({
                              title: `Withdraw ${nameOf(r.playerId)}’s request?`,
                              lines: [on ? `Their seat with ${nameOf(on.driverId)} is given back.` : 'It is not on any ride yet.'],
                              confirm: 'Withdraw the request',
                              cancel: 'Keep it',
                              run: () => delRequest.run(r.id),
                            })
                          }
                        >
                          Withdraw…
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            </div>
          );
        }}
      </QueryView>
      <RideDialog trip={trip} kind={adding} players={players} onClose={() => setAdding(null)} />
      <ConfirmRemoval removal={removal} mutation={removal?.confirm === 'Withdraw the ride' ? delOffer : delRequest} onClose={() => setRemoval(null)} />
    </>
  );
}
