/**
 * Leaderboards, computed on the phone (issue 15, screen 3): every board of the trip — rounds (gross, net,
 * Stableford points), all rounds together, competitions (tournament or team match), team rounds, skins, Nassau and
 * the point games — from the documents on the phone, with the same shared code as the server (LiveBoards of the
 * device library), so they work without signal and move as soon as a score is entered on this phone.
 * Route: `leaderboards/<kind>/<id>/<basis>`.
 */
import { useMemo } from 'preact/hooks';
import type { Result } from '../../../../shared/errors.js';
import type { LiveBoards } from '../../../../sync/device/leaderboards.js';
import { href } from '../../router.js';
import { useStatus, useTrip } from '../../state/hooks.js';
import { shortNamesOf } from '../../state/names.js';
import type { ScreenProps } from '../../router.js';
import { docId } from './format.js';
import { liveBoardsOf, useLive, useLiveDocs, useReady } from './live.js';
import { CompetitionTable, MultiTable, NassauTable, PointGamesTable, RoundTable, SkinsTable, TeamRoundTable, type Ctx, type TeamPointGame } from './tables.js';
import './leaderboards.css';

type Basis = 'gross' | 'net' | 'stableford';
type Kind = 'round' | 'multi' | 'comp' | 'teams' | 'game' | 'points';
interface Choice {
  kind: Kind;
  id: string;
  label: string;
  /** The bases the board can be read on (first: the default); none when the board has its own. */
  bases: Basis[];
}
type Doc = Record<string, unknown> & { id: string };

const BASIS_LABEL: Record<Basis, string> = { gross: 'Gross', net: 'Net', stableford: 'Points' };
const KINDS = new Set<Kind>(['round', 'multi', 'comp', 'teams', 'game', 'points']);
const docs = (live: LiveBoards, type: string) => live.docs(type) as unknown as Doc[];

/** Every board the trip has, in picker order: rounds by date, all rounds, competitions, team rounds, games. */
function choicesOf(live: LiveBoards): Choice[] {
  const rounds = [...docs(live, 'round')].sort((a, b) => String(a.date).localeCompare(String(b.date)) || String(a.name).localeCompare(String(b.name)));
  const roundName = (id: unknown) => String(rounds.find((r) => r.id === id)?.name ?? '');
  const out: Choice[] = rounds.map((r) => ({ kind: 'round', id: r.id, label: String(r.name), bases: r.format === 'stableford' ? ['stableford', 'net', 'gross'] : ['net', 'gross', 'stableford'] }));
  if (rounds.length > 1) out.push({ kind: 'multi', id: 'all', label: 'All rounds', bases: ['net', 'gross', 'stableford'] });
  for (const c of docs(live, 'competition')) if (c.format !== 'match_play') out.push({ kind: 'comp', id: c.id, label: String(c.name), bases: [] });
  const teamRounds = new Set(docs(live, 'teamcard').map((t) => String(t.roundId)));
  for (const r of rounds) if (teamRounds.has(r.id)) out.push({ kind: 'teams', id: r.id, label: `Teams · ${r.name}`, bases: ['net', 'gross'] });
  for (const g of docs(live, 'sidegame')) out.push({ kind: 'game', id: g.id, label: `${String(g.name)} · ${roundName(g.roundId)}`, bases: [] });
  const pointRounds = new Set(docs(live, 'pointgame').map((g) => String(g.roundId)));
  for (const r of rounds) if (pointRounds.has(r.id)) out.push({ kind: 'points', id: r.id, label: `Point game · ${r.name}`, bases: [] });
  return out;
}

/** The board to show when the route names none: the round under way, else the latest round. */
function defaultChoice(live: LiveBoards, choices: Choice[]): Choice | undefined {
  const rounds = choices.filter((c) => c.kind === 'round');
  const playing = docs(live, 'round').find((r) => r.state === 'in_progress');
  return rounds.find((c) => c.id === playing?.id) ?? rounds[rounds.length - 1] ?? choices[0];
}

type Answer =
  | { kind: 'round'; r: Result<import('../../../../shared/schemas/leaderboards.js').RoundLeaderboard> }
  | { kind: 'multi'; r: Result<import('../../../../shared/schemas/leaderboards.js').MultiRoundLeaderboard> }
  | { kind: 'comp'; r: Result<import('../../../../shared/schemas/leaderboards.js').CompetitionLeaderboard> }
  | { kind: 'teams'; r: Result<import('../../../../shared/domain/leaderboards/index.js').TeamRoundLeaderboard> }
  | { kind: 'game'; r: Result<import('../../../../shared/schemas/games.js').SideGameState> }
  | { kind: 'points'; r: Result<TeamPointGame[]> };

function compute(live: LiveBoards, kind: Kind, id: string, basis: Basis | undefined): Answer['r'] {
  const b = basis ? { basis } : {};
  switch (kind) {
    case 'round':
      return live.roundBoard(id, b);
    case 'multi':
      return live.multiRoundBoard(
        [...docs(live, 'round')].sort((x, y) => String(x.date).localeCompare(String(y.date)) || String(x.name).localeCompare(String(y.name))).map((r) => r.id),
        b,
      );
    case 'comp':
      return live.competitionBoard(id);
    case 'teams':
      return live.teamRoundBoard(id, basis === 'gross' ? { basis: 'gross' } : {});
    case 'game':
      return live.sideGameState(id);
    case 'points': {
      const teams = docs(live, 'pointgame').filter((g) => g.roundId === id).map((g) => String(g.team)).sort();
      const out: TeamPointGame[] = [];
      for (const team of teams) {
        const r = live.pointGameState(id, team);
        if (!r.ok) return r;
        out.push({ team, view: r.value });
      }
      return { ok: true, value: out };
    }
  }
}

export function LeaderboardsScreen({ route }: ScreenProps) {
  const { trip, kept } = useTrip();
  const live = liveBoardsOf(trip);
  const ready = useReady(live);
  const status = useStatus();
  const structure = useLiveDocs(live, ready, ['round', 'competition', 'sidegame', 'pointgame', 'teamcard', 'player']);
  const choices = useMemo(() => (ready ? choicesOf(live) : []), [ready, structure]);
  const [kindPart, idPart, basisPart] = route.rest;
  const chosen = choices.find((c) => c.kind === kindPart && c.id === idPart) ?? (KINDS.has(kindPart as Kind) ? undefined : defaultChoice(live, choices));
  const basis = chosen && chosen.bases.includes(basisPart as Basis) ? (basisPart as Basis) : chosen?.bases[0];
  const key = chosen ? `${chosen.kind}/${chosen.id}/${basis ?? ''}` : '';
  const result = useLive(live, ready && !!chosen, key, () => (chosen ? compute(live, chosen.kind, chosen.id, basis) : undefined));
  const ctx = useMemo<Ctx>(() => {
    // Short names that tell players apart (two Mikes: "Mike S.", "Mike T."), so no name is cut in a board's column.
    const names = shortNamesOf(docs(live, 'player') as never);
    return { me: kept.playerId, names, currency: kept.session?.trip?.currency };
  }, [ready, structure]);

  if (!ready) return <p role="status">Reading the boards on this phone…</p>;
  return (
    <section class="boards" aria-labelledby="boards-title">
      <h1 id="boards-title">Leaderboards</h1>
      {choices.length === 0 ? (
        <p>No rounds yet. The boards appear here once your organizer sets up a round.</p>
      ) : (
        <nav aria-label="Choose a board">
          <ul class="chips" data-testid="board-picker">
            {choices.map((c) => {
              const on = c === chosen;
              return (
                <li key={`${c.kind}/${c.id}`}>
                  <a ref={on ? scrollIn : undefined} class={on ? 'chip on' : 'chip'} href={href(kept.key, 'leaderboards', c.kind, c.id)} aria-current={on ? 'page' : undefined} data-board={`${c.kind}/${c.id}`}>
                    {c.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {chosen && (
        <>
          <div class="row spread board-head">
            <h2>{chosen.label}</h2>
            {chosen.kind === 'points' && docs(live, 'pointgame').some((g) => g.roundId === chosen.id && (g.playerIds as string[]).includes(kept.playerId)) && (
              <a class="button secondary" href={href(kept.key, 'games', chosen.id)}>
                My team's game
              </a>
            )}
          </div>
          {chosen.bases.length > 1 && (
            <div class="segmented" role="group" aria-label="Score basis" data-testid="basis">
              {chosen.bases.map((b) => (
                <a key={b} class={b === basis ? 'seg on' : 'seg'} href={href(kept.key, 'leaderboards', chosen.kind, chosen.id, b)} aria-current={b === basis ? 'true' : undefined} data-basis={b}>
                  {BASIS_LABEL[b]}
                </a>
              ))}
            </div>
          )}
          {result === undefined ? <p role="status">Computing…</p> : <Board kind={chosen.kind} result={result} ctx={ctx} live={live} id={chosen.id} />}
          <p class="muted small">Computed on this phone from the scores it holds{status.pendingWrites > 0 ? ', including scores not yet synced' : ''}.</p>
        </>
      )}
    </section>
  );
}

/** The chosen board's chip, scrolled into the picker's view (it may be far right). */
function scrollIn(el: HTMLElement | null) {
  el?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
}

function Board({ kind, result, ctx, live, id }: { kind: Kind; result: Answer['r']; ctx: Ctx; live: LiveBoards; id: string }) {
  if (!result.ok) {
    return (
      <p class="error-text" role="alert" data-testid="board-error">
        {result.failure.code === 'round_not_found' || result.failure.code === 'not_found' ? 'This board is not on the phone yet: it arrives with the next sync.' : result.failure.message}
      </p>
    );
  }
  const v = result.value as never;
  switch (kind) {
    case 'round':
      return <RoundTable board={v} ctx={ctx} />;
    case 'multi':
      return <MultiTable board={v} ctx={ctx} title="All rounds" />;
    case 'comp':
      return <CompetitionTable board={v} ctx={ctx} />;
    case 'teams':
      return <TeamRoundTable board={v} ctx={ctx} />;
    case 'points': {
      const mine = docs(live, 'pointgame').find((g) => g.roundId === id && (g.playerIds as string[]).includes(ctx.me));
      return <PointGamesTable games={v} ctx={ctx} myTeam={mine ? String(mine.team) : undefined} />;
    }
    case 'game': {
      const state = result.value as import('../../../../shared/schemas/games.js').SideGameState;
      if (state.kind === 'skins') return <SkinsTable state={state} ctx={ctx} />;
      const game = docs(live, 'sidegame').find((g) => g.id === id);
      const sides = (game?.participants ?? { a: [], b: [] }) as { a: string[]; b: string[] };
      return <NassauTable state={state} ctx={ctx} sides={sides} />;
    }
  }
}
