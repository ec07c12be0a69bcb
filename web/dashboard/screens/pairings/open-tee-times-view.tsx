/**
 * Open tee times of a round (`/rounds/:id/open-tee-times`): the organizer opens a grid for self-booking (first and
 * last time, interval, players per time, blocked times, whether players may move or cancel), sees live availability
 * (read again every 5 s while open), blocks more times, and books, moves or cancels anyone. A change that would end
 * bookings is refused by the server with the list of them; the organizer can then confirm and cancel those.
 */
import { useState } from 'preact/hooks';
import { OpenTeeTimesBody } from '../../../../shared/schemas/tee-booking.js';
import { CheckboxField, SelectField, TextField } from '../../../common/field.js';
import { describeFailure, isApiError } from '../../api/errors.js';
import { useAllPlayers, useBlockTeeTimes, useChangeBooking, useConfigureOpenTeeTimes, useOpenTeeTimes, type OpenTeeTimes, type Round } from '../../api/scheduling.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { errorsUnder } from './form-values.js';

const labels = { firstTime: 'First tee time', lastTime: 'Last tee time', intervalMinutes: 'Minutes between tee times', maxPlayers: 'Players per tee time', blockedTimes: 'Blocked times' };

export function OpenTeeTimesView({ tripId, round }: { tripId: string; round: Round }) {
  const sheet = useOpenTeeTimes(tripId, round.id);
  if (sheet.status === 'loading' && sheet.data === undefined) return <p class="loading">Loading the open tee times…</p>;
  return (
    <div class="two-col">
      <ConfigForm key={sheet.data ? 'configured' : 'new'} tripId={tripId} round={round} current={sheet.data ?? null} />
      {sheet.data ? <Availability tripId={tripId} round={round} sheet={sheet.data} /> : <p class="notice">Players of {round.name} cannot book yet: open the tee times with the form.</p>}
    </div>
  );
}

function ConfigForm({ tripId, round, current }: { tripId: string; round: Round; current: OpenTeeTimes | null }) {
  const configure = useConfigureOpenTeeTimes(tripId, round.id);
  const c = current?.config;
  const form = useForm(
    {
      firstTime: c?.firstTime ?? '08:00',
      lastTime: c?.lastTime ?? '10:00',
      intervalMinutes: String(c?.intervalMinutes ?? 10),
      maxPlayers: String(c?.maxPlayers ?? 4),
      blocked: (c?.blockedTimes ?? []).join(', '),
      playersMayModify: c?.playersMayModify ?? true,
      playersMayCancel: c?.playersMayCancel ?? false,
    },
    labels,
    'open',
  );
  const [affected, setAffected] = useState<{ names: string[] } | null>(null);
  const v = form.values;
  const body = (force: boolean) => ({
    firstTime: v.firstTime,
    lastTime: v.lastTime,
    intervalMinutes: v.intervalMinutes.trim() === '' ? undefined : Number(v.intervalMinutes),
    maxPlayers: v.maxPlayers.trim() === '' ? undefined : Number(v.maxPlayers),
    blockedTimes: v.blocked.split(/[\s,;]+/).filter(Boolean),
    playersMayModify: v.playersMayModify,
    playersMayCancel: v.playersMayCancel,
    force,
  });
  const send = (force: boolean) =>
    form.submit((b) => OpenTeeTimesBody.safeParse(b), body(force), async (parsed) => {
      setAffected(null);
      try {
        await configure.run(parsed);
      } catch (err) {
        if (isApiError(err) && err.code === 'bookings_affected') {
          setAffected({ names: err.issues.map((i) => i.message) });
          return;
        }
        throw err;
      }
    });
  return (
    <form
      class="card"
      noValidate
      aria-labelledby="open-title"
      onSubmit={(e) => {
        e.preventDefault();
        void send(false);
      }}
    >
      <h2 id="open-title">{current ? 'Change the open tee times' : `Open tee times for ${round.name}`}</h2>
      <p class="muted small">Players pick a time on their phones (with friends) on {round.date}, local time of the trip.</p>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <TextField id={form.idOf('firstTime')} label="First tee time" type="time" value={v.firstTime} onValue={(x) => form.set('firstTime', x)} errors={form.errorsAt('firstTime')} />
        <TextField id={form.idOf('lastTime')} label="Last tee time" type="time" value={v.lastTime} onValue={(x) => form.set('lastTime', x)} errors={form.errorsAt('lastTime')} />
        <TextField id={form.idOf('intervalMinutes')} label="Minutes between tee times" hint="5 to 30." type="number" value={v.intervalMinutes} onValue={(x) => form.set('intervalMinutes', x)} errors={form.errorsAt('intervalMinutes')} />
        <SelectField id={form.idOf('maxPlayers')} label="Players per tee time" value={v.maxPlayers} onValue={(x) => form.set('maxPlayers', x)} options={[1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: String(n) }))} errors={form.errorsAt('maxPlayers')} />
        <TextField id={form.idOf('blockedTimes')} label="Blocked times" hint="Tee times nobody may book, e.g. 09:00, 09:10." value={v.blocked} onValue={(x) => form.set('blocked', x)} errors={errorsUnder(form.errors, 'blockedTimes')} class="span-2" />
      </div>
      <CheckboxField id="open-modify" label="Players may move their own booking" checked={v.playersMayModify} onValue={(x) => form.set('playersMayModify', x)} />
      <CheckboxField id="open-cancel" label="Players may cancel their own booking" checked={v.playersMayCancel} onValue={(x) => form.set('playersMayCancel', x)} />
      {affected ? (
        <div class="notice warn" role="alert">
          <p>This change would end bookings:</p>
          <ul>
            {affected.names.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
          <button type="button" class="danger" onClick={() => void send(true)}>
            Apply and cancel those bookings
          </button>
        </div>
      ) : null}
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {current ? 'Save changes' : 'Open tee times'}
        </button>
      </div>
    </form>
  );
}

function Availability({ tripId, round, sheet }: { tripId: string; round: Round; sheet: OpenTeeTimes }) {
  const change = useChangeBooking(tripId, round.id);
  const players = useAllPlayers(tripId);
  const names = new Map((players.data ?? []).map((p) => [p.id, p.name]));
  const block = useBlockTeeTimes(tripId, round.id);
  const [error, setError] = useState<unknown>(null);
  const booked = new Set(sheet.slots.flatMap((s) => s.players.map((p) => p.playerId)));
  const free = round.playerIds.filter((id) => !booked.has(id));
  const open = sheet.slots.filter((s) => !s.blocked && s.offered && s.freePlaces > 0);
  const [who, setWho] = useState('');
  const [when, setWhen] = useState('');
  const act = (p: Promise<unknown>) => {
    setError(null);
    p.catch(setError);
  };
  const taken = sheet.slots.reduce((n, s) => n + s.players.length, 0);
  return (
    <section class="card" aria-labelledby="avail-title">
      <h2 id="avail-title">Availability</h2>
      <p aria-live="polite">
        {taken} of {round.playerIds.length} players booked · {open.length} tee times with room. Updated live.
      </p>
      {error ? (
        <p class="notice error" role="alert">
          {describeFailure(error)}
        </p>
      ) : null}
      {free.length && open.length ? (
        <form
          class="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            const player = who || free[0]!;
            const time = when || open[0]!.time;
            act(change.run({ kind: 'book', body: { time, playerIds: [player] } }));
          }}
        >
          <SelectField id="book-player" label="Book a player" value={who || free[0]!} onValue={setWho} options={free.map((id) => ({ value: id, label: names.get(id) ?? id }))} />
          <SelectField id="book-time" label="At" value={when || open[0]!.time} onValue={setWhen} options={open.map((s) => ({ value: s.time, label: `${s.time} (${s.freePlaces} free)` }))} />
          <button type="submit" disabled={change.pending}>
            Book
          </button>
        </form>
      ) : null}
      <div class="table-wrap" tabIndex={0} role="region" aria-label="Tee times and bookings">
        <table class="table compact" aria-label="Tee times and bookings">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Players</th>
              <th scope="col" class="num">Free</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sheet.slots.map((s) => (
              <tr key={s.time} class={s.blocked ? 'blocked' : ''}>
                <th scope="row">{s.time}</th>
                <td>
                  {s.blocked ? <span class="badge amber">Blocked</span> : null}{' '}
                  {s.players.map((p) => (
                    <span class="booked" key={p.playerId}>
                      {p.name ?? 'Removed player'}
                      <button type="button" class="link" onClick={() => act(change.run({ kind: 'cancel', playerId: p.playerId }))} aria-label={`Cancel ${p.name ?? 'the'} booking at ${s.time}`}>
                        Cancel
                      </button>
                      {open.some((o) => o.time !== s.time) ? (
                        <select
                          aria-label={`Move ${p.name ?? 'player'} to another time`}
                          value=""
                          onChange={(e) => e.currentTarget.value && act(change.run({ kind: 'move', playerId: p.playerId, time: e.currentTarget.value }))}
                        >
                          <option value="">Move to…</option>
                          {open
                            .filter((o) => o.time !== s.time)
                            .map((o) => (
                              <option key={o.time} value={o.time}>
                                {o.time}
                              </option>
                            ))}
                        </select>
                      ) : null}
                    </span>
                  ))}
                </td>
                <td class="num">{s.blocked ? '–' : s.freePlaces}</td>
                <td class="row-actions">
                  {!s.blocked && s.offered ? (
                    <button type="button" class="secondary" disabled={block.pending} onClick={() => act(block.run({ times: [s.time] }))} aria-label={`Block ${s.time}`}>
                      Block
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
