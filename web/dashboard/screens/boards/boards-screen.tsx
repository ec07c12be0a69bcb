/**
 * The Leaderboards tab: every board the API has (a round's players or teams, each competition, several rounds
 * added up), filtered by team, division and flight, printable, and each figure opening the holes it comes from.
 * The view lives in the address (board-view.ts), so a filtered board can be shared and survives a reload.
 */
import { formatInstant } from '../../../common/format.js';
import { useAllPlayers, type Player } from '../../api/players.js';
import { useCompetitionBoard, useCompetitions, type Competition } from '../../api/games.js';
import { useRoundBoard, useTeamBoard, useTeamCardCount, useMultiBoard } from '../../api/boards.js';
import { useRounds, type Round } from '../../api/rounds.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { BoardControls } from './board-controls.js';
import { BASIS_WORDS, filtersInWords, passes, readView, valuesOf, viewQuery, type BoardView } from './board-view.js';
import { MultiBoardTable } from './multi-board.js';
import { RoundBoardTable } from './round-board.js';
import { TeamMatchView, TeamRoundTable } from './team-boards.js';

export function BoardsScreen({ trip, query }: TripScreenProps) {
  const rounds = useRounds(trip.id);
  const players = useAllPlayers(trip.id);
  const competitions = useCompetitions(trip.id);
  return (
    <section class="boards-page">
      <div class="page-head print-hide">
        <div>
          <h2>Leaderboards</h2>
          <p class="muted">Pick a board, filter it, print it. Click any score to see the holes it adds up.</p>
        </div>
        <div class="actions">
          <button type="button" class="secondary" onClick={() => window.print()}>
            Print
          </button>
        </div>
      </div>
      <QueryView query={rounds} loading="Loading the rounds…">
        {(r) => (
          <QueryView query={players} loading="Loading the players…">
            {(p) => (
              <QueryView query={competitions} loading="Loading the competitions…">
                {(c) => <Boards tripId={trip.id} tripName={trip.name} tripZone={trip.timezone} view={withDefaults(readView(query), r.items)} rounds={r.items} players={p} competitions={c.items} />}
              </QueryView>
            )}
          </QueryView>
        )}
      </QueryView>
    </section>
  );
}

/** The round shown when none is asked for: the one being played, else the last completed, else the first. */
function withDefaults(view: BoardView, rounds: Round[]): BoardView {
  if ((view.kind === 'round' || view.kind === 'teams') && !rounds.some((r) => r.id === view.roundId)) {
    const pick = rounds.find((r) => r.state === 'in_progress') ?? [...rounds].reverse().find((r) => r.state === 'completed') ?? rounds.find((r) => r.state === 'ready') ?? rounds[0];
    return { ...view, roundId: pick?.id ?? '' };
  }
  return view;
}

function Boards({ tripId, tripName, tripZone, view, rounds, players, competitions }: { tripId: string; tripName: string; tripZone: string; view: BoardView; rounds: Round[]; players: Player[]; competitions: Competition[] }) {
  const go = (patch: Partial<BoardView>) => navigate(href('tripBoards', { tripId }, viewQuery({ ...view, ...patch })), true);
  const teamCards = useTeamCardCount(tripId, view.roundId, view.roundId !== '' && (view.kind === 'round' || view.kind === 'teams'));
  const byId = new Map(players.map((p) => [p.id, p]));
  const keep = (playerId: string) => passes(view, byId.get(playerId));
  const filtered = !!(view.team || view.division || view.flight);
  const roundName = (id: string) => rounds.find((r) => r.id === id)?.name ?? 'Round';
  const name = (id: string) => byId.get(id)?.name ?? 'Removed player';
  if (rounds.length === 0) {
    return (
      <div class="card empty">
        <h3>No rounds yet</h3>
        <p>Boards appear once a round has scorecards. Make a round in the Rounds tab.</p>
      </div>
    );
  }
  const competition = competitions.find((c) => c.id === view.competitionId);
  const boardTitle = view.kind === 'competition' ? (competition?.name ?? 'Competition') : view.kind === 'multi' ? 'Several rounds added up' : `${roundName(view.roundId)}${view.kind === 'teams' ? ' — teams' : ''}`;
  return (
    <>
      <BoardControls
        view={view}
        rounds={rounds}
        competitions={competitions}
        hasTeams={(teamCards.data ?? 0) > 0}
        teamMatch={view.kind === 'competition' && competition?.format === 'team_match'}
        teams={valuesOf(players, 'team')}
        divisions={valuesOf(players, 'division')}
        flights={valuesOf(players, 'flight')}
        go={go}
      />
      <PrintHeader tripName={tripName} tripZone={tripZone} boardTitle={boardTitle} filters={filtersInWords(view)} />
      <h3 class="board-title print-hide">
        {boardTitle}
        {filtered ? <span class="muted"> · {filtersInWords(view)}</span> : null}
      </h3>
      {view.kind === 'round' ? <RoundView tripId={tripId} view={view} keep={keep} filtered={filtered} /> : null}
      {view.kind === 'teams' ? <TeamsView tripId={tripId} view={view} names={name} /> : null}
      {view.kind === 'multi' ? <MultiView tripId={tripId} view={view} rounds={rounds} keep={keep} filtered={filtered} roundName={roundName} /> : null}
      {view.kind === 'competition' ? competition ? <CompetitionView tripId={tripId} competition={competition} keep={keep} filtered={filtered} roundName={roundName} /> : <p class="card empty">This competition is no longer on the trip. Pick another board.</p> : null}
      {filtered ? <p class="muted board-note">Positions are those of the whole field; the filters only hide the other players.</p> : null}
    </>
  );
}

/** What the printed page starts with: the trip, the board and when it was printed. */
function PrintHeader({ tripName, tripZone, boardTitle, filters }: { tripName: string; tripZone: string; boardTitle: string; filters: string }) {
  const at = formatInstant(Date.now(), tripZone);
  return (
    <header class="print-only board-print-head">
      <p class="board-print-trip">{tripName}</p>
      <p class="board-print-title">
        {boardTitle}
        {filters ? ` · ${filters}` : ''}
      </p>
      <p class="board-print-time">As of {at}</p>
    </header>
  );
}

function RoundView({ tripId, view, keep, filtered }: { tripId: string; view: BoardView; keep: (id: string) => boolean; filtered: boolean }) {
  const q = useRoundBoard(tripId, view.roundId, view.basis, view.allowance);
  return (
    <QueryView query={q} loading="Loading the board…">
      {(b) => (
        <>
          <p class="muted board-basis">
            Ranked on {BASIS_WORDS[b.basis].toLowerCase()}, handicap allowance {b.allowancePercent} %{b.countback ? ', ties split by countback' : ''}.
          </p>
          <RoundBoardTable board={b} entries={b.entries.filter((e) => keep(e.playerId))} filtered={filtered} />
        </>
      )}
    </QueryView>
  );
}

function TeamsView({ tripId, view, names }: { tripId: string; view: BoardView; names: (id: string) => string }) {
  const q = useTeamBoard(tripId, view.roundId, view.basis === 'gross' ? 'gross' : 'net');
  return <QueryView query={q} loading="Loading the team board…">{(b) => <TeamRoundTable tripId={tripId} board={b} names={names} />}</QueryView>;
}

function MultiView({ tripId, view, rounds, keep, filtered, roundName }: { tripId: string; view: BoardView; rounds: Round[]; keep: (id: string) => boolean; filtered: boolean; roundName: (id: string) => string }) {
  const ids = view.roundIds.length > 0 ? view.roundIds.filter((id) => rounds.some((r) => r.id === id)) : rounds.map((r) => r.id);
  const q = useMultiBoard(tripId, ids, view.basis === '' ? 'net' : view.basis, view.allowance);
  return (
    <QueryView query={q} loading="Loading the board…">
      {(b) => (
        <>
          <p class="muted board-basis">
            Ranked on {BASIS_WORDS[b.basis].toLowerCase()} over {b.roundIds.length} rounds, handicap allowance {b.allowancePercent} %.
          </p>
          <MultiBoardTable tripId={tripId} board={b} entries={b.entries.filter((e) => keep(e.playerId))} filtered={filtered} roundName={roundName} title="Several rounds added up" />
        </>
      )}
    </QueryView>
  );
}

function CompetitionView({ tripId, competition, keep, filtered, roundName }: { tripId: string; competition: Competition; keep: (id: string) => boolean; filtered: boolean; roundName: (id: string) => string }) {
  const q = useCompetitionBoard(tripId, competition.id, competition.format !== 'match_play');
  if (competition.format === 'match_play') return <p class="card empty">A match play competition has its matches in the Games tab, not a leaderboard.</p>;
  return (
    <QueryView query={q} loading="Loading the board…">
      {(b) =>
        b.kind === 'team_match' ? (
          <TeamMatchView board={b} />
        ) : (
          <>
            <p class="muted board-basis">
              Ranked on {BASIS_WORDS[b.basis].toLowerCase()} over {b.roundIds.length} round{b.roundIds.length === 1 ? '' : 's'}, handicap allowance {b.allowancePercent} %{b.countback ? ', ties split by countback' : ''}.
            </p>
            <MultiBoardTable tripId={tripId} board={b} entries={b.entries.filter((e) => keep(e.playerId))} filtered={filtered} roundName={roundName} title={b.name} />
          </>
        )
      }
    </QueryView>
  );
}
