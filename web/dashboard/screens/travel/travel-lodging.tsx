/**
 * Lodging (`?view=lodging`): each place to stay with its rooms and who sleeps where. A player is put in a room, or
 * taken out, in one press (the rooms are sent back whole, as the API takes them); players in no room are named.
 */
import { useState } from 'preact/hooks';
import { listInWords, plural } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { useAccommodations, useDeleteAccommodation, usePatchAccommodation, type Accommodation } from '../../api/travel.js';
import type { Trip } from '../../api/types.js';
import { QueryView } from '../../ui/query-view.js';
import { ConfirmRemoval, type Removal } from './confirm-delete.js';
import { LodgingDialog } from './lodging-form.js';
import { dayAndTime, nameIn } from './when.js';

export function LodgingView({ trip, players }: { trip: Trip; players: { id: string; name: string }[] }) {
  const stays = useAccommodations(trip.id);
  const patch = usePatchAccommodation(trip.id);
  const del = useDeleteAccommodation(trip.id);
  const [editing, setEditing] = useState<Accommodation | 'new' | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const nameOf = nameIn(new Map(players.map((p) => [p.id, p.name])));
  const setOccupants = (stay: Accommodation, room: number, occupantIds: string[]) => {
    setProblem(null);
    const rooms = stay.rooms.map((r, i) => ({ ...r, occupantIds: i === room ? occupantIds : r.occupantIds }));
    patch.run({ accommodationId: stay.id, body: { rooms } }).catch((e: unknown) => setProblem(describeFailure(e)));
  };
  return (
    <>
      <div class="page-head">
        <p class="muted">Where the group sleeps: each place with its rooms, and who is in which room.</p>
        <div class="actions">
          <button type="button" onClick={() => setEditing('new')}>
            Add a place to stay
          </button>
        </div>
      </div>
      {problem ? (
        <p class="notice error" role="alert">
          {problem}
        </p>
      ) : null}
      <QueryView query={stays} loading="Loading the lodging…">
        {(list) => {
          const housed = new Set(list.flatMap((s) => s.rooms.flatMap((r) => r.occupantIds)));
          const homeless = players.filter((p) => !housed.has(p.id));
          return list.length === 0 ? (
            <div class="card empty">
              <h3>No lodging yet</h3>
              <p>Add the villa or hotel with its rooms, then put each player in a room.</p>
            </div>
          ) : (
            <>
              {homeless.length ? (
                <p class="notice warn">
                  {homeless.length <= 8 ? `In no room yet: ${listInWords(homeless.map((p) => p.name))}.` : `${plural(homeless.length, 'player')} are in no room yet.`}
                </p>
              ) : (
                <p class="notice">Every player has a room.</p>
              )}
              <ul class="travel-cards">
                {list.map((s) => {
                  const here = new Set(s.rooms.flatMap((r) => r.occupantIds));
                  return (
                    <li key={s.id} class="card">
                      <div class="travel-card-head">
                        <h3>{s.name}</h3>
                        <div class="actions tight">
                          <button type="button" class="secondary small" onClick={() => setEditing(s)} aria-label={`Change ${s.name}`}>
                            Change
                          </button>
                          <button
                            type="button"
                            class="secondary small"
                            aria-label={`Remove ${s.name}…`}
                            onClick={() =>
                              setRemoval({
                                title: `Remove ${s.name}?`,
                                lines: [`Its ${plural(s.rooms.length, 'room')} and who sleeps in them (${plural(here.size, 'player')}) go with it.`, 'The booking itself is not cancelled.'],
                                confirm: 'Remove the place',
                                cancel: 'Keep it',
                                run: () => del.run(s.id),
                              })
                            }
                          >
                            Remove…
                          </button>
                        </div>
                      </div>
                      <p class="muted">
                        {s.address} · check-in {dayAndTime(s.checkIn)}, check-out {dayAndTime(s.checkOut)}
                      </p>
                      {s.notes ? <p class="small">{s.notes}</p> : null}
                      <div class="table-wrap">
                        <table class="table compact" aria-label={`Rooms of ${s.name}`}>
                          <thead>
                            <tr>
                              <th scope="col">Room</th>
                              <th scope="col">Who sleeps there</th>
                              <th scope="col">Add a player</th>
                            </tr>
                          </thead>
                          <tbody>
                            {s.rooms.map((r, i) => (
                              <tr key={r.name}>
                                <th scope="row">
                                  {r.name} <span class="muted small">({r.occupantIds.length} of {r.capacity})</span>
                                </th>
                                <td>
                                  {r.occupantIds.length === 0 ? <span class="muted">Empty</span> : null}
                                  <ul class="chip-actions">
                                    {r.occupantIds.map((pid) => (
                                      <li key={pid}>
                                        {nameOf(pid)}{' '}
                                        <button type="button" class="link" disabled={patch.pending} onClick={() => setOccupants(s, i, r.occupantIds.filter((x) => x !== pid))} aria-label={`Take ${nameOf(pid)} out of ${r.name}`}>
                                          ✕
                                        </button>
                                      </li>
                                    ))}
                                  </ul>
                                </td>
                                <td>
                                  {r.occupantIds.length < r.capacity ? (
                                    <select
                                      aria-label={`Add a player to ${r.name}`}
                                      value=""
                                      disabled={patch.pending}
                                      onChange={(e) => {
                                        const pid = e.currentTarget.value;
                                        if (pid) setOccupants(s, i, [...r.occupantIds, pid]);
                                      }}
                                    >
                                      <option value="">Choose…</option>
                                      {players
                                        .filter((p) => !here.has(p.id))
                                        .map((p) => (
                                          <option key={p.id} value={p.id}>
                                            {p.name}
                                            {housed.has(p.id) ? ' (has a room elsewhere)' : ''}
                                          </option>
                                        ))}
                                    </select>
                                  ) : (
                                    <span class="muted small">Full</span>
                                  )}
                                </td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </>
          );
        }}
      </QueryView>
      <LodgingDialog trip={trip} stay={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
      <ConfirmRemoval removal={removal} mutation={del} onClose={() => setRemoval(null)} />
    </>
  );
}
