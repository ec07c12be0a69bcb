/**
 * Availability (the tab): who can come on each day of the trip and who can play each round, as a grid of players ×
 * days (`?view=days`) or players × rounds (`?view=rounds`). Each cell is the player's answer; the organizer turns
 * one round by pressing it (`PUT …/availability/:playerId`), or answers for everyone still silent at once
 * (`POST …/availability/bulk`). The counts are the server's summary.
 */
import { useState } from 'preact/hooks';
import { plural } from '../../../common/format.js';
import { useAllPlayers } from '../../api/players.js';
import { describeFailure } from '../../api/errors.js';
import { useAvailability, useAvailabilitySummary, useBulkAvailability, useSetAvailability, type Availability } from '../../api/availability.js';
import { href } from '../../paths.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { shortDay } from '../travel/when.js';
import { AvailabilityGrid, type Column } from './availability-grid.js';
import { SummaryTable } from './availability-summary.js';
import { dayCell, roundCell, toggledDays } from './cells.js';

export function AvailabilityScreen({ trip, query }: TripScreenProps) {
  const view = query.get('view') === 'rounds' ? 'rounds' : 'days';
  const players = useAllPlayers(trip.id);
  const answers = useAvailability(trip.id);
  const summary = useAvailabilitySummary(trip.id);
  const set = useSetAvailability(trip.id);
  const bulk = useBulkAvailability(trip.id);
  const [saving, setSaving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const to = (v: string) => href('tripAvailability', { tripId: trip.id }, { view: v === 'days' ? undefined : v });

  return (
    <>
      <div class="page-head">
        <div>
          <h2>Availability</h2>
          <p class="muted">
            Which days each player can come and which rounds they can play. Players answer on their phone; you can answer for them here: press a cell to turn it between
            “Yes” and “No”.
          </p>
        </div>
      </div>
      <nav class="subnav" aria-label="Availability views">
        <ul>
          {[
            ['days', 'Per day'],
            ['rounds', 'Per round'],
          ].map(([v, label]) => (
            <li key={v}>
              <a href={to(v!)} aria-current={v === view ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <QueryView query={players} loading="Loading the players…">
        {(ps) => (
          <QueryView query={answers} loading="Loading the answers…">
            {(list) => (
              <QueryView query={summary} loading="Loading the summary…">
                {(sum) => {
                  const names = new Map(ps.map((p) => [p.id, p.name]));
                  const byPlayer = new Map(list.map((a) => [a.playerId, a]));
                  const total = ps.length;
                  const silent = list.filter((a) => !a.answered);
                  const days = sum.days.map((d) => d.date);
                  const columns: Column[] =
                    view === 'days'
                      ? sum.days.map((d) => ({ key: d.date, label: shortDay(d.date), available: d.available.length, total }))
                      : sum.rounds.map((r) => ({ key: r.roundId, label: r.name, sub: shortDay(r.date), available: r.available.length, total }));
                  const roundDate = new Map(sum.rounds.map((r) => [r.roundId, r.date]));
                  const cellOf = (a: Availability | undefined, c: Column) => (view === 'days' ? { cell: dayCell(a, c.key) } : roundCell(a, { id: c.key, date: roundDate.get(c.key) ?? '' }));
                  const toggle = (playerId: string, c: Column) => {
                    const a = byPlayer.get(playerId);
                    const body = view === 'days' ? { days: toggledDays(a, c.key) } : { rounds: { [c.key]: cellOf(a, c).cell !== 'yes' } };
                    setSaving(`${playerId}|${c.key}`);
                    setProblem(null);
                    set
                      .run({ playerId, body })
                      .catch((e: unknown) => setProblem(`${names.get(playerId) ?? 'The player'}’s answer was not saved: ${describeFailure(e)}`))
                      .finally(() => setSaving(null));
                  };
                  const everyoneSilent = () => {
                    setProblem(null);
                    bulk.run({ entries: silent.slice(0, 200).map((a) => ({ playerId: a.playerId, days })) }).catch((e: unknown) => setProblem(`Nothing was saved: ${describeFailure(e)}`));
                  };
                  if (total === 0) {
                    return (
                      <div class="card empty">
                        <h3>No players yet</h3>
                        <p>
                          Add players in the <a href={href('tripPlayers', { tripId: trip.id })}>Players</a> tab; their answers appear here.
                        </p>
                      </div>
                    );
                  }
                  return (
                    <>
                      <h3>{view === 'days' ? 'Who can come, per day' : 'Who can play, per round'}</h3>
                      {view === 'rounds' && sum.rounds.length === 0 ? (
                        <p class="notice">
                          The trip has no rounds yet. <a href={href('tripRounds', { tripId: trip.id })}>Make a round</a>, then say here who plays it.
                        </p>
                      ) : (
                        <SummaryTable summary={sum} view={view} nameOf={(id) => names.get(id) ?? id} />
                      )}
                      <div class="avail-tools">
                        <p class="muted small">
                          {view === 'days'
                            ? 'A player’s answer lists the days they can come; every other day of the trip counts as a day they cannot. For a player who has not answered, the first day you mark “Yes” makes the others “No”.'
                            : 'A round follows the player’s answer for its day (shown in italics) until they, or you, answer for the round itself.'}
                        </p>
                        {silent.length ? (
                          <button type="button" class="secondary" disabled={bulk.pending} onClick={everyoneSilent}>
                            {bulk.pending ? 'Saving…' : `Mark the ${plural(silent.length, 'player')} without an answer as coming every day`}
                          </button>
                        ) : null}
                      </div>
                      {problem ? (
                        <p class="notice error" role="alert">
                          {problem}
                        </p>
                      ) : null}
                      {columns.length ? (
                        <AvailabilityGrid
                          caption={view === 'days' ? 'Availability of each player per day' : 'Availability of each player per round'}
                          players={ps}
                          answers={byPlayer}
                          columns={columns}
                          cellOf={cellOf}
                          saving={saving}
                          onToggle={toggle}
                        />
                      ) : null}
                    </>
                  );
                }}
              </QueryView>
            )}
          </QueryView>
        )}
      </QueryView>
    </>
  );
}
