/**
 * The point game of a round (the "40-point game"), one per team: where each team stands, and setting a team's game
 * up (team, captain, target). It cannot be added to a completed round, and the screen says why: its result is the
 * captain's choice on each hole during play, not something the scores alone decide.
 */
import { useState } from 'preact/hooks';
import { SelectField, TextField } from '../../../common/field.js';
import { plural } from '../../../common/format.js';
import { usePointGames, useSetUpPointGame, type PointGame } from '../../api/games.js';
import type { Player } from '../../api/players.js';
import type { Round } from '../../api/rounds.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { QueryView } from '../../ui/query-view.js';
import { nameOf, type Names } from './game-words.js';

export const POINT_GAME_COMPLETED =
  'A point game cannot be added to a completed round. Its result is not computed from the scores alone: on every hole the team’s captain chooses, during play, which players’ net scores count, within a range that keeps the target reachable. Once the round is completed no one can make those choices, so there is nothing to compute from.';

export function pointGameStanding(g: PointGame): string {
  const s = g.state;
  if (s.complete) return `Complete: ${s.countedSoFar} scores counted, total ${s.runningTotal}.`;
  const where = s.currentHole ? `next choice on hole ${s.currentHole}` : 'no hole to choose';
  return `${s.countedSoFar} of ${g.config.targetCount} scores counted (total ${s.runningTotal}), ${s.remaining} still to count; ${where}${s.canComplete ? '' : '. The target can no longer be reached'}.`;
}

export function PointGames({ tripId, round, players, names }: { tripId: string; round: Round; players: Player[]; names: Names }) {
  const q = usePointGames(tripId, round.id);
  const [open, setOpen] = useState(false);
  const completed = round.state === 'completed';
  return (
    <section aria-labelledby="point-title">
      <div class="section-head">
        <h3 id="point-title">Point game</h3>
        {!completed && !open ? (
          <button type="button" class="secondary" onClick={() => setOpen(true)}>
            Set up a team’s point game
          </button>
        ) : null}
      </div>
      <p class="muted">Each team’s captain picks, hole by hole, whose net scores count, until the target (10 a player over 18 holes: 40 for a team of four) is reached. Lowest total wins.</p>
      {completed ? <p class="notice warn">{POINT_GAME_COMPLETED}</p> : null}
      {open ? <PointGameForm tripId={tripId} round={round} players={players} names={names} onDone={() => setOpen(false)} /> : null}
      <QueryView query={q} loading="Loading the point games…">
        {(list) =>
          list.items.length === 0 ? (
            <p class="muted">No point game in this round.</p>
          ) : (
            <ul class="game-cards">
              {list.items.map((g) => (
                <li key={g.id} class="card game-card">
                  <h4>Team {g.team}</h4>
                  <p>
                    Captain {nameOf(names, g.captainId)}; {plural(g.playerIds.length, 'player')}: {g.playerIds.map((id) => nameOf(names, id)).join(', ')}.
                  </p>
                  <p class="standing">{pointGameStanding(g)}</p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}

const labels = { team: 'Team', captainId: 'Captain', targetCount: 'Scores to count', teamSize: 'Team' };

function PointGameForm({ tripId, round, players, names, onDone }: { tripId: string; round: Round; players: Player[]; names: Names; onDone: () => void }) {
  const setUp = useSetUpPointGame(tripId, round.id);
  const inRound = players.filter((p) => round.playerIds.includes(p.id) && p.team);
  const teams = [...new Set(inRound.map((p) => p.team!))].sort();
  const form = useForm({ team: teams[0] ?? '', captainId: '', targetCount: '' }, labels, 'point');
  const v = form.values;
  const members = inRound.filter((p) => p.team === v.team);
  if (!teams.length) return <p class="notice warn">No player of this round has a team. Give players a team name in the Players tab first.</p>;
  return (
    <form
      class="card"
      noValidate
      aria-labelledby="point-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        const body: Record<string, unknown> = { team: v.team, captainId: v.captainId || members[0]?.id };
        if (v.targetCount.trim()) body.targetCount = Number(v.targetCount);
        void form.submit((b) => ({ success: true, data: b as { team: string; captainId: string } }), body, async (b) => {
          await setUp.run(b);
          onDone();
        });
      }}
    >
      <h4 id="point-form-title">Set up a point game</h4>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <SelectField id={form.idOf('team')} label="Team" value={v.team} onValue={(s) => (form.set('team', s), form.set('captainId', ''))} options={teams.map((t) => ({ value: t, label: `${t} (${inRound.filter((p) => p.team === t).length} in this round)` }))} errors={form.errorsAt('team')} />
        <SelectField id={form.idOf('captainId')} label="Captain" value={v.captainId || members[0]?.id || ''} onValue={(s) => form.set('captainId', s)} options={members.map((p) => ({ value: p.id, label: names.get(p.id) ?? p.name }))} errors={form.errorsAt('captainId')} />
        <TextField
          id={form.idOf('targetCount')}
          label="Scores to count"
          hint={`Empty: ${Math.round((10 * members.length * (round.course?.holes.length ?? 18)) / 18)} (10 a player over 18 holes).`}
          type="number"
          min={0}
          value={v.targetCount}
          onValue={(s) => form.set('targetCount', s)}
          errors={form.errorsAt('targetCount')}
        />
      </div>
      <p class="muted">Setting up a team again replaces its game, as long as its captain has not chosen any hole yet.</p>
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Set up the point game'}
        </button>
        <button type="button" class="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
