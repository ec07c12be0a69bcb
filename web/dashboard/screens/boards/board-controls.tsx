/** The board picker and the filters of the Leaderboards tab; every choice goes into the address (linkable view). */
import type { Competition } from '../../api/games.js';
import type { Round } from '../../api/rounds.js';
import { BASIS_WORDS, type BoardView } from './board-view.js';

const ALLOWANCES = [100, 95, 90, 85, 80, 75];

function Select({ id, label, value, options, onValue }: { id: string; label: string; value: string; options: { value: string; label: string }[]; onValue: (v: string) => void }) {
  return (
    <div class="field board-field">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onValue(e.currentTarget.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function BoardControls(props: {
  view: BoardView;
  rounds: Round[];
  competitions: Competition[];
  hasTeams: boolean;
  /** A team match competition ranks teams, not players: no player filters. */
  teamMatch: boolean;
  teams: string[];
  divisions: string[];
  flights: string[];
  go: (patch: Partial<BoardView>) => void;
}) {
  const { view, rounds, competitions, hasTeams, teamMatch, teams, divisions, flights, go } = props;
  const playerFilters = view.kind !== 'teams' && !teamMatch;
  const boardValue = view.kind === 'competition' ? `competition:${view.competitionId}` : view.kind === 'multi' ? 'multi' : `round:${view.roundId}`;
  const boardOptions = [
    ...rounds.map((r) => ({ value: `round:${r.id}`, label: r.name })),
    ...competitions.map((c) => ({ value: `competition:${c.id}`, label: c.name })),
    ...(rounds.length > 1 ? [{ value: 'multi', label: 'Several rounds added up' }] : []),
  ];
  const pickBoard = (v: string) => {
    if (v === 'multi') go({ kind: 'multi', basis: view.basis === '' ? '' : view.basis });
    else if (v.startsWith('competition:')) go({ kind: 'competition', competitionId: v.slice('competition:'.length) });
    else go({ kind: 'round', roundId: v.slice('round:'.length) });
  };
  const basisOptions =
    view.kind === 'teams'
      ? [
          { value: '', label: 'Net' },
          { value: 'gross', label: 'Gross' },
        ]
      : [
          { value: '', label: view.kind === 'multi' ? 'Net' : 'As the round is played' },
          ...(['gross', 'net', 'stableford'] as const).filter((b) => !(view.kind === 'multi' && b === 'net')).map((b) => ({ value: b, label: BASIS_WORDS[b] })),
        ];
  const filter = (id: string, label: string, all: string, values: string[], value: string, key: 'team' | 'division' | 'flight') =>
    values.length > 0 ? <Select id={id} label={label} value={value} options={[{ value: '', label: all }, ...values.map((v) => ({ value: v, label: v }))]} onValue={(v) => go({ [key]: v })} /> : null;
  return (
    <form class="board-controls print-hide" onSubmit={(e) => e.preventDefault()} aria-label="Board and filters">
      <Select id="board-pick" label="Board" value={boardValue} options={boardOptions} onValue={pickBoard} />
      {hasTeams && (view.kind === 'round' || view.kind === 'teams') ? (
        <Select
          id="board-who"
          label="Show"
          value={view.kind}
          options={[
            { value: 'round', label: 'Players' },
            { value: 'teams', label: 'Teams (team scorecards)' },
          ]}
          onValue={(v) => go({ kind: v as 'round' | 'teams', basis: '' })}
        />
      ) : null}
      {view.kind !== 'competition' ? <Select id="board-basis" label="Ranked on" value={view.basis} options={basisOptions} onValue={(v) => go({ basis: v as BoardView['basis'] })} /> : null}
      {view.kind === 'round' || view.kind === 'multi' ? (
        <Select
          id="board-allowance"
          label="Handicap allowance"
          value={view.allowance === null ? '' : String(view.allowance)}
          options={[{ value: '', label: 'Usual (WHS)' }, ...ALLOWANCES.map((a) => ({ value: String(a), label: `${a} %` }))]}
          onValue={(v) => go({ allowance: v === '' ? null : Number(v) })}
        />
      ) : null}
      {playerFilters ? filter('board-team', 'Team', 'Every team', teams, view.team, 'team') : null}
      {playerFilters ? filter('board-division', 'Division', 'Every division', divisions, view.division, 'division') : null}
      {playerFilters ? filter('board-flight', 'Flight', 'Every flight', flights, view.flight, 'flight') : null}
      {view.kind === 'multi' ? (
        <fieldset class="board-rounds">
          <legend>Rounds added up</legend>
          {rounds.map((r) => {
            const chosen = view.roundIds.length === 0 || view.roundIds.includes(r.id);
            return (
              <label key={r.id}>
                <input
                  type="checkbox"
                  checked={chosen}
                  onChange={(e) => {
                    const now = view.roundIds.length === 0 ? rounds.map((x) => x.id) : view.roundIds;
                    const next = e.currentTarget.checked ? rounds.map((x) => x.id).filter((id) => id === r.id || now.includes(id)) : now.filter((id) => id !== r.id);
                    if (next.length > 0) go({ roundIds: next.length === rounds.length ? [] : next });
                  }}
                />{' '}
                {r.name}
              </label>
            );
          })}
        </fieldset>
      ) : null}
    </form>
  );
}
