/**
 * The team matches of a `team_match` competition: each with its status and the strokes each player receives, and
 * adding, changing or removing one (not once its round is completed: its result is part of the record).
 */
import { useState } from 'preact/hooks';
import { CreateMatchBody } from '../../../../shared/schemas/match.js';
import { Dialog } from '../../../common/dialog.js';
import { SelectField, TextField } from '../../../common/field.js';
import { plural } from '../../../common/format.js';
import { useCreateMatch, useDeleteMatch, useMatches, usePatchMatch, type Competition, type CompetitionBoard, type Match } from '../../api/games.js';
import type { Player } from '../../api/players.js';
import type { Round } from '../../api/rounds.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { QueryView } from '../../ui/query-view.js';
import type { Names } from './game-words.js';

type TeamBoard = Extract<CompetitionBoard, { kind: 'team_match' }>;
type Result = TeamBoard['matches'][number];

interface Props {
  tripId: string;
  competition: Competition;
  rounds: Round[];
  players: Player[];
  names: Names;
  board: TeamBoard | undefined;
}

export function TeamMatches({ tripId, competition, rounds, players, names, board }: Props) {
  const matches = useMatches(tripId, competition.id);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const open = rounds.filter((r) => competition.roundIds.includes(r.id) && r.state !== 'completed');
  return (
    <section aria-labelledby="matches-title">
      <div class="section-head">
        <h3 id="matches-title">Team matches</h3>
        {!adding && open.length ? (
          <button type="button" onClick={() => setAdding(true)}>
            Add a match
          </button>
        ) : null}
      </div>
      <p class="muted">Net match play from the round’s scores: the lowest handicap of the match plays off zero, the others receive the difference (100 % singles, 90 % four-ball unless the competition sets its own).</p>
      {adding ? <MatchForm tripId={tripId} competition={competition} rounds={open} players={players} onDone={() => setAdding(false)} /> : null}
      <QueryView query={matches} loading="Loading the matches…">
        {(list) =>
          list.items.length === 0 ? (
            <p class="muted">No match yet.</p>
          ) : (
            <ul class="game-cards">
              {list.items.map((m) => {
                const result = board?.matches.find((r) => r.id === m.id);
                const round = rounds.find((r) => r.id === m.roundId);
                const locked = round?.state === 'completed';
                return (
                  <li key={m.id} class="card game-card">
                    <h4>
                      {m.format === 'singles' ? 'Singles' : 'Four-ball'} · {round?.name ?? 'a removed round'} · {plural(m.points, 'point')}
                    </h4>
                    {result ? <MatchLine result={result} /> : <p>{sideWords(m.sideA, names)} against {sideWords(m.sideB, names)}</p>}
                    {editing === m.id ? (
                      <MatchForm tripId={tripId} competition={competition} rounds={open} players={players} match={m} onDone={() => setEditing(null)} />
                    ) : locked ? (
                      <p class="muted">Its round is completed: the result is part of the record and cannot change.</p>
                    ) : (
                      <div class="actions">
                        <button type="button" class="secondary small-button" onClick={() => setEditing(m.id)}>
                          Change
                        </button>
                        <RemoveMatch tripId={tripId} competitionId={competition.id} match={m} names={names} />
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}

const sideWords = (ids: string[], names: Names) => ids.map((id) => names.get(id) ?? 'a removed player').join(' & ');

function MatchLine({ result }: { result: Result }) {
  const side = (s: Result['sideA']) => s.names.map((n, i) => `${n}${s.strokes[i] ? ` (receives ${plural(s.strokes[i]!, 'stroke')})` : ' (plays off zero)'}`).join(' & ');
  return (
    <>
      <p>
        <strong>{result.sideA.team}</strong>: {side(result.sideA)} against <strong>{result.sideB.team}</strong>: {side(result.sideB)}
      </p>
      <p class="standing">
        {result.status === 'not started' ? 'Not started.' : `${result.leaderTeam ? `${result.leaderTeam} ` : ''}${result.status}${result.finished ? ' (final)' : ''}.`} Points: {result.sideA.team} {result.pointsA}, {result.sideB.team} {result.pointsB}
        {result.finished ? '' : ` (as it stands: ${result.projectedA} – ${result.projectedB})`}.
      </p>
    </>
  );
}

const labels: Record<string, string> = { roundId: 'Round', format: 'Format', sideA: 'Side A', sideB: 'Side B', points: 'Points' };

function MatchForm({ tripId, competition, rounds, players, match, onDone }: { tripId: string; competition: Competition; rounds: Round[]; players: Player[]; match?: Match; onDone: () => void }) {
  const create = useCreateMatch(tripId, competition.id);
  const patch = usePatchMatch(tripId, competition.id);
  const form = useForm(
    () => ({ roundId: match?.roundId ?? rounds[0]?.id ?? '', format: match?.format ?? 'singles', a1: match?.sideA[0] ?? '', a2: match?.sideA[1] ?? '', b1: match?.sideB[0] ?? '', b2: match?.sideB[1] ?? '', points: String(match?.points ?? 1) }),
    labels,
    match ? `match-${match.id}` : 'match',
  );
  const v = form.values;
  const round = rounds.find((r) => r.id === v.roundId);
  const options = [{ value: '', label: 'Choose a player' }, ...players.filter((p) => round?.playerIds.includes(p.id)).map((p) => ({ value: p.id, label: `${p.name}${p.team ? ` (${p.team})` : ''}` }))];
  const four = v.format === 'fourball';
  return (
    <form
      class="card"
      noValidate
      aria-label={match ? 'Change the match' : 'New match'}
      onSubmit={(e) => {
        e.preventDefault();
        const body = { roundId: v.roundId, format: v.format, sideA: [v.a1, ...(four ? [v.a2] : [])].filter(Boolean), sideB: [v.b1, ...(four ? [v.b2] : [])].filter(Boolean), points: Number(v.points) };
        void form.submit((b) => CreateMatchBody.safeParse(b), body, async (parsed) => {
          if (match) await patch.run({ matchId: match.id, body: parsed });
          else await create.run(parsed);
          onDone();
        });
      }}
    >
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <SelectField id={form.idOf('roundId')} label="Round" value={v.roundId} onValue={(s) => form.set('roundId', s)} options={rounds.map((r) => ({ value: r.id, label: r.name }))} errors={form.errorsAt('roundId')} />
        <SelectField
          id={form.idOf('format')}
          label="Format"
          value={v.format}
          onValue={(s) => form.set('format', s as 'singles' | 'fourball')}
          options={[
            { value: 'singles', label: 'Singles: one against one' },
            { value: 'fourball', label: 'Four-ball: two against two, better ball' },
          ]}
        />
        <SelectField id={form.idOf('sideA')} label={four ? 'Side A, first player' : 'Side A'} value={v.a1} onValue={(s) => form.set('a1', s)} options={options} errors={form.errorsAt('sideA')} />
        {four ? <SelectField id={form.idOf('a2')} label="Side A, partner" value={v.a2} onValue={(s) => form.set('a2', s)} options={options} /> : null}
        <SelectField id={form.idOf('sideB')} label={four ? 'Side B, first player' : 'Side B'} value={v.b1} onValue={(s) => form.set('b1', s)} options={options} errors={form.errorsAt('sideB')} />
        {four ? <SelectField id={form.idOf('b2')} label="Side B, partner" value={v.b2} onValue={(s) => form.set('b2', s)} options={options} /> : null}
        <TextField id={form.idOf('points')} label="Points" hint="What winning it is worth; a halved match gives each side half." inputMode="decimal" value={v.points} onValue={(s) => form.set('points', s)} errors={form.errorsAt('points')} />
      </div>
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : match ? 'Save the match' : 'Add the match'}
        </button>
        <button type="button" class="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function RemoveMatch({ tripId, competitionId, match, names }: { tripId: string; competitionId: string; match: Match; names: Names }) {
  const remove = useDeleteMatch(tripId, competitionId);
  const [open, setOpen] = useState(false);
  const title = `${sideWords(match.sideA, names)} against ${sideWords(match.sideB, names)}`;
  return (
    <>
      <button type="button" class="danger small-button" onClick={() => setOpen(true)}>
        Remove…
      </button>
      <Dialog id={`remove-match-${match.id}`} open={open} title={`Remove ${title}?`} onClose={() => setOpen(false)}>
        <p>The match and its {plural(match.points, 'point')} leave the teams’ totals. The players’ scores stay.</p>
        <ConfirmActions error={remove.error} pending={remove.pending} confirm="Remove the match" cancel="Keep it" onCancel={() => setOpen(false)} onConfirm={() => remove.run(match.id).then(() => setOpen(false))} />
      </Dialog>
    </>
  );
}
