/**
 * The Games tab (issue 24): the games of each round (skins, Nassau, the point game) with where they stand and the
 * money in plain words, the strokes each player receives, and the trip-wide competitions with their team matches.
 * Every view has its own address: `?round=<id>`, `?round=<id>&new=skins|nassau|nassau-groups`, `?game=<id>`,
 * `?view=competitions`, `?view=new-competition`, `?competition=<id>`.
 */
import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { formatDay } from '../../../common/format.js';
import { useAllPlayers, useRounds, type Round } from '../../api/rounds.js';
import type { Player } from '../../api/players.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { TripScreenProps } from '../../screen.js';
import { flash } from '../../ui/flash.js';
import { QueryView } from '../../ui/query-view.js';
import { STATE_WORDS } from '../rounds/round-actions.js';
import { CompetitionDetail } from './competition-detail.js';
import { CompetitionForm } from './competition-form.js';
import { CompetitionList } from './competition-list.js';
import { NassauGroupsForm, perGroupSummary } from './nassau-groups-form.js';
import { RoundGames } from './round-games.js';
import { SideGameDetail } from './side-game-detail.js';
import { SideGameForm } from './side-game-form.js';

/** The round an organizer most likely means: the one in play, else the next ready one, else the last completed. */
export function defaultRound(rounds: Round[]): Round | undefined {
  return rounds.find((r) => r.state === 'in_progress') ?? rounds.find((r) => r.state === 'ready') ?? [...rounds].reverse().find((r) => r.state === 'completed') ?? rounds[0];
}

export function GamesScreen({ trip, query }: TripScreenProps) {
  const rounds = useRounds(trip.id);
  const players = useAllPlayers(trip.id);
  return (
    <QueryView query={rounds} loading="Loading the rounds…">
      {(list) => (
        <QueryView query={players} loading="Loading the players…">
          {(everyone) => <GamesView tripId={trip.id} currency={trip.currency} rounds={list.items} players={everyone} query={query} />}
        </QueryView>
      )}
    </QueryView>
  );
}

function GamesView({ tripId, currency, rounds, players, query }: { tripId: string; currency: string; rounds: Round[]; players: Player[]; query: URLSearchParams }) {
  const names = useMemo(() => new Map(players.map((p) => [p.id, p.name])), [players]);
  const view = query.get('view');
  const gameId = query.get('game');
  const competitionId = query.get('competition');
  if (gameId) return <SideGameDetail key={gameId} tripId={tripId} currency={currency} gameId={gameId} rounds={rounds} names={names} />;
  if (competitionId) return <CompetitionDetail key={competitionId} tripId={tripId} competitionId={competitionId} rounds={rounds} players={players} names={names} />;
  if (view === 'new-competition') {
    const back = href('tripGames', { tripId }, { view: 'competitions' });
    return (
      <CompetitionForm
        tripId={tripId}
        rounds={rounds}
        onDone={(c) => {
          flash(`${c.name} is created.`);
          navigate(href('tripGames', { tripId }, { competition: c.id }));
        }}
        onCancel={() => navigate(back)}
      />
    );
  }
  if (view === 'competitions') {
    return (
      <Shell tripId={tripId} tab="competitions">
        <CompetitionList tripId={tripId} rounds={rounds} />
      </Shell>
    );
  }
  if (rounds.length === 0) {
    return (
      <Shell tripId={tripId} tab="rounds">
        <div class="card empty">
          <h3>No rounds yet</h3>
          <p>
            Games are played in a round. <a href={href('tripRounds', { tripId }, { round: 'new' })}>Make the first round</a>, then come back to set up its skins, Nassau or point game.
          </p>
        </div>
      </Shell>
    );
  }
  const round = rounds.find((r) => r.id === query.get('round')) ?? defaultRound(rounds)!;
  const kind = query.get('new');
  if (kind === 'nassau-groups') {
    const back = href('tripGames', { tripId }, { round: round.id });
    return (
      <NassauGroupsForm
        key={round.id}
        tripId={tripId}
        currency={currency}
        round={round}
        names={names}
        onDone={(r) => {
          flash(perGroupSummary(r));
          navigate(back);
        }}
        onCancel={() => navigate(back)}
      />
    );
  }
  if (kind === 'skins' || kind === 'nassau') {
    const back = href('tripGames', { tripId }, { round: round.id });
    return (
      <SideGameForm
        key={`${round.id}-${kind}`}
        tripId={tripId}
        currency={currency}
        kind={kind}
        round={round}
        names={names}
        onDone={(saved) => {
          flash(`${saved.game.name} is added.`);
          navigate(href('tripGames', { tripId }, { game: saved.game.id }));
        }}
        onCancel={() => navigate(back)}
      />
    );
  }
  return (
    <Shell tripId={tripId} tab="rounds">
      <div class="round-picker games-round-picker">
        <label for="games-round">Round</label>
        <select id="games-round" value={round.id} onChange={(e) => navigate(href('tripGames', { tripId }, { round: e.currentTarget.value }))}>
          {rounds.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name} · {formatDay(r.date)} · {STATE_WORDS[r.state]}
            </option>
          ))}
        </select>
      </div>
      <RoundGames key={round.id} tripId={tripId} currency={currency} round={round} players={players} names={names} />
    </Shell>
  );
}

function Shell({ tripId, tab, children }: { tripId: string; tab: 'rounds' | 'competitions'; children: ComponentChildren }) {
  return (
    <>
      <div class="page-head">
        <div>
          <h2>Games</h2>
          <p class="muted">The bets of each round and the competitions across rounds: where each stands, who receives how many strokes, and the money they move.</p>
        </div>
      </div>
      <nav class="subnav" aria-label="Games">
        <ul>
          <li>
            <a href={href('tripGames', { tripId })} aria-current={tab === 'rounds' ? 'page' : undefined}>
              Round games
            </a>
          </li>
          <li>
            <a href={href('tripGames', { tripId }, { view: 'competitions' })} aria-current={tab === 'competitions' ? 'page' : undefined}>
              Competitions
            </a>
          </li>
        </ul>
      </nav>
      {children}
    </>
  );
}
