/**
 * The games of one round: its skins and Nassau games with where each stands and the money, adding one (on a
 * completed round the form asks to confirm first), the point game, and who receives how many strokes.
 */
import { formatAllowance } from '../../../../shared/domain/rounds.js';
import type { Player } from '../../api/players.js';
import type { Round } from '../../api/rounds.js';
import { useSideGames, type NassauState, type SkinsState } from '../../api/games.js';
import { href } from '../../paths.js';
import { QueryView } from '../../ui/query-view.js';
import { STATE_WORDS } from '../rounds/round-actions.js';
import { FORMAT_WORDS } from '../rounds/round-words.js';
import { KIND_WORDS, nassauSettingsWords, nassauStanding, skinsSettingsWords, skinsStanding, type Names } from './game-words.js';
import { PointGames } from './point-games.js';
import { MoneyList } from './side-game-detail.js';
import { StrokesTable } from './strokes-table.js';

export function RoundGames({ tripId, currency, round, players, names }: { tripId: string; currency: string; round: Round; players: Player[]; names: Names }) {
  const games = useSideGames(tripId, round.id);
  const completed = round.state === 'completed';
  return (
    <>
      <p>
        <span class={`badge state-${round.state}`}>{STATE_WORDS[round.state]}</span> {FORMAT_WORDS[round.format]} · the round’s handicap allowance is {formatAllowance(round.format)} %.
        {completed ? ' The round is completed: a game added or changed now computes at once from its scores, after you confirm, and its money joins the settlement.' : ''}
      </p>
      <section aria-labelledby="side-title">
        <div class="section-head">
          <h3 id="side-title">Skins and Nassau</h3>
          <div class="actions">
            <a class="button" href={href('tripGames', { tripId }, { round: round.id, new: 'skins' })}>
              Add skins
            </a>
            <a class="button secondary" href={href('tripGames', { tripId }, { round: round.id, new: 'nassau-groups' })}>
              Nassau in every group
            </a>
            <a class="button secondary" href={href('tripGames', { tripId }, { round: round.id, new: 'nassau' })}>
              Add a Nassau
            </a>
          </div>
        </div>
        <QueryView query={games} loading="Loading the games…">
          {(list) =>
            list.length === 0 ? (
              <div class="card empty">
                <p>No skins or Nassau in this round yet.{completed ? ' One added now counts the scores already entered.' : ''}</p>
              </div>
            ) : (
              <ul class="game-cards">
                {list.map(({ game, state }) => (
                  <li key={game.id} class="card game-card">
                    <h4>
                      <a href={href('tripGames', { tripId }, { game: game.id })}>{game.name}</a> <span class="badge">{KIND_WORDS[game.kind]}</span>
                      {state.final ? <span class="badge green">Final</span> : null}
                    </h4>
                    <p class="muted">{game.kind === 'skins' ? skinsSettingsWords(game, currency, state as SkinsState) : nassauSettingsWords(game, names, currency, (state as NassauState).allowancePercent)}</p>
                    <p class="standing">{game.kind === 'skins' ? skinsStanding(state as SkinsState, names) : nassauStanding(state as NassauState, names, game)}</p>
                    <MoneyList money={state.moneyCents} names={names} currency={currency} final={state.final} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
      <PointGames tripId={tripId} round={round} players={players} names={names} />
      <StrokesTable tripId={tripId} roundId={round.id} />
    </>
  );
}
