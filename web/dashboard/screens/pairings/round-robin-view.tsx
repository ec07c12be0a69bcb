/**
 * Round robin (`POST·GET /events/:id/round-robin`): teams or individuals, seeded by team order, alphabetically, by
 * handicap or in a custom order; the circle method makes every participant meet every other once. The schedule
 * kept on the server is shown round by round with its matches, bye and tee sheet.
 */
import { RoundRobinBody } from '../../../../shared/schemas/scheduling.js';
import { SelectField } from '../../../common/field.js';
import { plural } from '../../../common/format.js';
import { useAllPlayers, useCreateRoundRobin, useRoundRobin, type RoundRobinResult } from '../../api/scheduling.js';
import { FormProblems, useForm } from '../../ui/form.js';

const labels = { participantType: 'Who plays', seeding: 'Seeding', teeSheet: 'Tee sheet', order: 'Order' };

export function RoundRobinView({ tripId }: { tripId: string }) {
  const stored = useRoundRobin(tripId);
  const players = useAllPlayers(tripId);
  const create = useCreateRoundRobin(tripId);
  const form = useForm({ participantType: 'individuals', seeding: 'handicap', teeSheet: 'foursomes', order: [] as string[] }, labels, 'rr');
  const v = form.values;
  const all = players.data ?? [];
  const teams = [...new Set(all.map((p) => p.team).filter((t): t is string => !!t))];
  const participants = v.participantType === 'teams' ? teams.map((t) => ({ id: t, name: t })) : all.map((p) => ({ id: p.id, name: p.name }));
  const needsOrder = v.seeding === 'custom' || (v.seeding === 'team_order' && v.participantType === 'teams');
  const order = v.order.length === participants.length && v.order.every((id) => participants.some((p) => p.id === id)) ? v.order : participants.map((p) => p.id);
  const nameOf = new Map(participants.map((p) => [p.id, p.name]));
  const move = (i: number, by: number) => {
    const next = [...order];
    const [x] = next.splice(i, 1);
    next.splice(i + by, 0, x!);
    form.set('order', next);
  };
  const schedule = create.data ?? stored.data ?? null;
  return (
    <div class="two-col">
      <form
        class="card"
        noValidate
        aria-labelledby="rr-title"
        onSubmit={(e) => {
          e.preventDefault();
          const body = { participantType: v.participantType, seeding: v.seeding, teeSheet: v.teeSheet, ...(needsOrder ? { order } : {}) };
          void form.submit((b) => RoundRobinBody.safeParse(b), body, async (parsed) => {
            await create.run(parsed);
          });
        }}
      >
        <h2 id="rr-title">Round robin</h2>
        <p class="muted small">Every participant meets every other once; with an odd count one sits out each round. {v.participantType === 'teams' ? `${teams.length} teams (the players' team names).` : `${all.length} players.`}</p>
        <FormProblems form={form} labels={labels} />
        <div class="form-grid">
          <SelectField
            id={form.idOf('participantType')}
            label="Who plays"
            value={v.participantType}
            onValue={(x) => form.setAll((f) => ({ ...f, participantType: x, order: [] }))}
            options={[
              { value: 'individuals', label: 'Individuals' },
              { value: 'teams', label: 'Teams' },
            ]}
          />
          <SelectField
            id={form.idOf('seeding')}
            label="Seeding"
            value={v.seeding}
            onValue={(x) => form.set('seeding', x)}
            options={[
              { value: 'handicap', label: 'Handicap' },
              { value: 'alphabetical', label: 'Alphabetical' },
              { value: 'team_order', label: 'Team order' },
              { value: 'custom', label: 'Custom (order below)' },
            ]}
          />
          <SelectField
            id={form.idOf('teeSheet')}
            label="Tee sheet"
            value={v.teeSheet}
            onValue={(x) => form.set('teeSheet', x)}
            options={[
              { value: 'twosomes', label: 'Twosomes (2)' },
              { value: 'foursomes', label: 'Foursomes (4)' },
              { value: 'sixsomes', label: 'Sixsomes (6)' },
            ]}
          />
        </div>
        {needsOrder ? (
          <fieldset>
            <legend>Seed order</legend>
            <ol class="order-list" id={form.idOf('order')} tabIndex={-1}>
              {order.map((id, i) => (
                <li key={id}>
                  <span>{nameOf.get(id) ?? id}</span>
                  <button type="button" class="link" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${nameOf.get(id) ?? id} up`}>
                    Up
                  </button>
                  <button type="button" class="link" disabled={i === order.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${nameOf.get(id) ?? id} down`}>
                    Down
                  </button>
                </li>
              ))}
            </ol>
          </fieldset>
        ) : null}
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Scheduling…' : schedule ? 'Make a new schedule' : 'Make the schedule'}
          </button>
        </div>
      </form>
      {schedule ? <Schedule schedule={schedule} playerNames={new Map(all.map((p) => [p.id, p.name]))} /> : null}
    </div>
  );
}

function Schedule({ schedule, playerNames }: { schedule: RoundRobinResult; playerNames: ReadonlyMap<string, string> }) {
  const nameOf = new Map(schedule.participants.map((p) => [p.id, p.name]));
  return (
    <section class="card" aria-labelledby="rr-schedule-title">
      <h2 id="rr-schedule-title">
        {plural(schedule.rounds.length, 'round')}, {plural(schedule.participants.length, schedule.participantType === 'teams' ? 'team' : 'player')}
      </h2>
      {schedule.problems.length ? (
        <ul class="notice warn">
          {schedule.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <div class="rr-rounds">
        {schedule.rounds.map((r) => (
          <div key={r.round} class="rr-round">
            <h3>Round {r.round}</h3>
            <ul class="plain-list">
              {r.matches.map(([a, b]) => (
                <li key={`${a}-${b}`}>
                  {nameOf.get(a) ?? a} <span class="muted">v</span> {nameOf.get(b) ?? b}
                </li>
              ))}
              {r.bye ? <li class="muted">Bye: {nameOf.get(r.bye) ?? r.bye}</li> : null}
            </ul>
            {r.teeSheet.length ? (
              <details>
                <summary>Tee sheet: {plural(r.teeSheet.length, 'group')}</summary>
                <ol class="plain-list">
                  {r.teeSheet.map((g, i) => (
                    <li key={i}>{g.map((id) => playerNames.get(id) ?? nameOf.get(id) ?? id).join(', ')}</li>
                  ))}
                </ol>
              </details>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
}
