/**
 * Who plays which tees in a round (issue 34): a Tees select in each player's row of the handicap table, "everyone
 * on these tees" and "copy the tees of another round" above it. The server re-rates what changed (a ready round's
 * scorecards too) and the table shows its new figures; nothing here computes a handicap.
 */
import { useState } from 'preact/hooks';
import { describeFailure } from '../../api/errors.js';
import { useCopyRoundTees, useSetRoundTees, type RoundTeesResult } from '../../api/round-tees.js';
import { useRoundHandicaps, useRounds, type Round, type RoundHandicaps } from '../../api/rounds.js';
import { plural } from '../../../common/format.js';
import { playersWithoutTees, teeChangeWords } from './tee-words.js';
import { HandicapTable } from './handicap-table.js';

type Tee = NonNullable<Round['course']>['tees'][number];
const teeLabel = (t: Tee) => `${t.name} · ${t.courseRating} / ${t.slope}`;

export function RoundTees({ tripId, round, data }: { tripId: string; round: Round; data: RoundHandicaps }) {
  const set = useSetRoundTees(tripId, round.id);
  const copy = useCopyRoundTees(tripId, round.id);
  const rounds = useRounds(tripId);
  const tees = round.course?.tees ?? [];
  const [everyone, setEveryone] = useState(round.defaultTee ?? tees[0]?.name ?? '');
  const [from, setFrom] = useState('');
  const [said, setSaid] = useState<string[] | null>(null);
  const names = new Map(data.players.map((p) => [p.playerId, p.name] as const));
  const choosable = tees.length > 1 && round.state !== 'completed';
  const pending = set.pending || copy.pending;
  const error = set.error ?? copy.error;
  const done = (r: RoundTeesResult) => setSaid(teeChangeWords(r, names));
  const others = (rounds.data?.items ?? []).filter((r) => r.id !== round.id && r.course);
  const copyFrom = from || others.filter((r) => r.date <= round.date).at(-1)?.id || others[0]?.id || '';

  const cell = (p: RoundHandicaps['players'][number]) => {
    if (!choosable) return <>{p.tee ?? '—'}</>;
    const own = round.playerTees[p.playerId] ?? '';
    return (
      <select
        aria-label={`Tees for ${p.name}`}
        value={own}
        disabled={pending}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setSaid(null);
          void set.run({ players: { [p.playerId]: v || null } }).then(done, () => undefined);
        }}
      >
        <option value="">{round.defaultTee ? `Round's tees (${round.defaultTee})` : 'Not chosen yet'}</option>
        {tees.map((t) => (
          <option key={t.name} value={t.name}>
            {teeLabel(t)}
          </option>
        ))}
      </select>
    );
  };

  const missing = data.players.filter((p) => !p.tee && !p.scorecardId).length;
  return (
    <>
      {tees.length > 1 ? (
        <div class="card tee-choice" role="group" aria-labelledby="tees-title">
          <h4 id="tees-title">Who plays which tees</h4>
          {round.state === 'completed' ? (
            <p class="muted">The round is completed: its tees and handicaps are final.</p>
          ) : (
            <>
              <p class="muted">
                {round.defaultTee
                  ? `A player without tees of their own plays the round's tees, ${round.defaultTee}. Choose a player's tees in their row; their Course Handicap, Playing Handicap and strokes change with them.`
                  : 'Choose everyone’s tees here, or each player’s in their row; their Course Handicap, Playing Handicap and strokes change with them.'}
                {round.state === 'in_progress' ? ' In play: holes already entered stay as entered, and their net scores, points and games are counted again.' : ''}
              </p>
              {missing > 0 ? (
                <p class="notice warn">
                  {plural(missing, 'player')} {missing === 1 ? 'has' : 'have'} no tees yet: choose the round's tees below, or theirs in the table, before marking the round ready.
                </p>
              ) : null}
              <div class="inline-form">
                <div class="field">
                  <label for="tees-everyone">Everyone's tees</label>
                  <select id="tees-everyone" value={everyone} onChange={(e) => setEveryone(e.currentTarget.value)}>
                    {tees.map((t) => (
                      <option key={t.name} value={t.name}>
                        {teeLabel(t)}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="button" class="secondary" disabled={pending || !everyone} onClick={() => (setSaid(null), void set.run({ everyone }).then(done, () => undefined))}>
                  Put everyone on these tees
                </button>
              </div>
              {others.length ? (
                <div class="inline-form">
                  <div class="field">
                    <label for="tees-copy-from">Copy the tees of</label>
                    <select id="tees-copy-from" value={copyFrom} onChange={(e) => setFrom(e.currentTarget.value)}>
                      {others.map((r) => (
                        <option key={r.id} value={r.id}>
                          {r.name}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="button" class="secondary" disabled={pending || !copyFrom} onClick={() => (setSaid(null), void copy.run({ fromRoundId: copyFrom }).then(done, () => undefined))}>
                    Copy tees
                  </button>
                </div>
              ) : null}
            </>
          )}
          {said ? (
            <div class="notice" role="status">
              {said.map((l) => (
                <p key={l}>{l}</p>
              ))}
            </div>
          ) : null}
          {error ? (
            <p class="notice error" role="alert">
              {describeFailure(error)}
            </p>
          ) : null}
        </div>
      ) : null}
      <HandicapTable round={round} data={data} teeCell={cell} />
    </>
  );
}

/**
 * "Mark ready" refused for players without tees: names them and fixes it in place (their tees, then ready again),
 * so an organizer never has to look for where tees are chosen.
 */
export function ReadyTeeFix({ tripId, round, error, onFixed }: { tripId: string; round: Round; error: unknown; onFixed: () => void }) {
  const without = playersWithoutTees(error);
  const handicaps = useRoundHandicaps(tripId, round.id);
  const set = useSetRoundTees(tripId, round.id);
  const tees = round.course?.tees ?? [];
  const [tee, setTee] = useState(tees[0]?.name ?? '');
  if (!without.length || !tees.length) return null;
  const names = new Map((handicaps.data?.players ?? []).map((p) => [p.playerId, p.name] as const));
  const everyoneWithout = without.length === roundPlayerCount(round);
  return (
    <div class="card tee-fix" role="group" aria-labelledby="tee-fix-title">
      <p id="tee-fix-title">
        <strong>No tees yet for:</strong> {without.map((id) => names.get(id) ?? 'a player').join(', ')}.
      </p>
      <div class="inline-form">
        <div class="field">
          <label for="tee-fix-tee">{everyoneWithout ? "The round's tees" : 'Tees for them'}</label>
          <select id="tee-fix-tee" value={tee} onChange={(e) => setTee(e.currentTarget.value)}>
            {tees.map((t) => (
              <option key={t.name} value={t.name}>
                {teeLabel(t)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          disabled={set.pending || !tee}
          onClick={() => void set.run(everyoneWithout ? { defaultTee: tee } : { players: Object.fromEntries(without.map((id) => [id, tee])) }).then(onFixed, () => undefined)}
        >
          {everyoneWithout ? 'Use these tees and mark ready' : 'Give them these tees and mark ready'}
        </button>
      </div>
      {set.error ? (
        <p class="notice error" role="alert">
          {describeFailure(set.error)}
        </p>
      ) : null}
    </div>
  );
}

const roundPlayerCount = (round: Round) => new Set([...round.playerIds, ...round.groups.flatMap((g) => g.playerIds)]).size;
