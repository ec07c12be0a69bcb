/**
 * One skins game or Nassau (`?game=<id>`): its settings and standing in words, the money each player wins or owes,
 * the handicap strokes it uses, hole by hole (skins) or bet by bet (Nassau), and changing or deleting it, each
 * saying what follows before it is done.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { formatMoney, plural } from '../../../common/format.js';
import { useDeleteSideGame, useSideGame, type NassauGame, type NassauState, type SideGameWithState, type SkinsGame, type SkinsState } from '../../api/games.js';
import type { Round } from '../../api/rounds.js';
import { playsRoundAllowance } from '../../../../shared/domain/games/state/side-games.js';
import { NassauHoles } from './nassau-holes.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';
import { flash } from '../../ui/flash.js';
import { formatPlaying } from '../../ui/handicap.js';
import { QueryView } from '../../ui/query-view.js';
import { betName, betStanding, KIND_WORDS, moneyLines, nameOf, nassauSettingsWords, nassauStanding, skinsSettingsWords, skinsStanding, type Names } from './game-words.js';
import { PressForm } from './press-form.js';
import { SideGameForm } from './side-game-form.js';

interface Props {
  tripId: string;
  currency: string;
  gameId: string;
  rounds: Round[];
  names: Names;
}

export function SideGameDetail({ tripId, currency, gameId, rounds, names }: Props) {
  const q = useSideGame(tripId, gameId);
  return (
    <QueryView query={q} loading="Loading the game…">
      {(gs) => {
        const round = rounds.find((r) => r.id === gs.game.roundId);
        if (!round) return <p class="notice warn">This game’s round is no longer on the trip.</p>;
        return <GameView tripId={tripId} currency={currency} gs={gs} round={round} names={names} />;
      }}
    </QueryView>
  );
}

function GameView({ tripId, currency, gs, round, names }: { tripId: string; currency: string; gs: SideGameWithState; round: Round; names: Names }) {
  const [editing, setEditing] = useState(false);
  const { game, state } = gs;
  const back = href('tripGames', { tripId }, { round: round.id });
  return (
    <>
      <p class="crumbs">
        <a href={back}>Games of {round.name}</a>
      </p>
      <div class="page-head">
        <h2>
          {game.name} <span class="badge">{KIND_WORDS[game.kind]}</span> {state.final ? <span class="badge green">Final</span> : null}
        </h2>
        <div class="actions">
          {!editing ? (
            <button type="button" class="secondary" onClick={() => setEditing(true)}>
              Change the game
            </button>
          ) : null}
        </div>
      </div>
      <p>{game.kind === 'skins' ? skinsSettingsWords(game, currency, state as SkinsState) : nassauSettingsWords(game, names, currency, (state as NassauState).allowancePercent)}</p>
      {editing ? (
        <SideGameForm
          tripId={tripId}
          currency={currency}
          kind={game.kind}
          round={round}
          names={names}
          game={game}
          onDone={() => {
            setEditing(false);
            flash(`${game.name} is saved.`);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      <section class="card" aria-labelledby="standing-title">
        <h3 id="standing-title">Where it stands</h3>
        <p class="standing">{game.kind === 'skins' ? skinsStanding(state as SkinsState, names) : nassauStanding(state as NassauState, names, game)}</p>
        <MoneyList money={state.moneyCents} names={names} currency={currency} final={state.final} />
      </section>
      {game.kind === 'skins' ? <SkinsHoles state={state as SkinsState} names={names} currency={currency} game={game} round={round} /> : <NassauBets state={state as NassauState} names={names} currency={currency} game={game} round={round} />}
      {game.kind === 'nassau' && round.state !== 'completed' ? <PressForm tripId={tripId} game={game} state={state as NassauState} names={names} /> : null}
      <DeleteGame tripId={tripId} name={game.name} final={state.final} roundId={round.id} gameId={game.id} />
    </>
  );
}

export function MoneyList({ money, names, currency, final }: { money: Record<string, number>; names: Names; currency: string; final: boolean }) {
  const lines = moneyLines(money, names, currency);
  if (!lines.length) return <p class="muted">No money has changed hands yet.</p>;
  return (
    <>
      <p class="muted">{final ? 'The money, final (it is in the settlement):' : 'The money so far (it joins the settlement once the round is completed):'}</p>
      <ul class="money-lines">
        {lines.map((l) => (
          <li key={l.id} class={l.cents > 0 ? 'win' : 'owe'}>
            <span>{l.name}</span> <strong>{l.text}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

const OUTCOME: Record<SkinsState['holes'][number]['outcome'], string> = { won: 'won', tied: 'tied', not_validated: 'not kept (lost the next hole)', no_scores: 'not played yet' };

/**
 * Before the round is ready no scorecard has frozen a Playing Handicap yet: one sentence says when the strokes are
 * set, instead of every player reading as off scratch (issue 35).
 */
export const STROKES_LATER = 'Strokes are set when the round is ready: each player’s Playing Handicap is frozen on their scorecard then.';

function SkinsHoles({ state, names, currency, game, round }: { state: SkinsState; names: Names; currency: string; game: SkinsGame; round: Round }) {
  const ph = Object.entries(state.playingHandicaps);
  const draft = round.state === 'draft';
  return (
    <>
      {game.basis === 'net' ? (
        <section class="card" aria-labelledby="skins-strokes">
          <h3 id="skins-strokes">Handicap strokes used</h3>
          <p class="muted">{draft ? `${STROKES_LATER} Strokes fall by stroke index.` : 'Each player’s Playing Handicap as frozen on their scorecard (the round’s allowance); strokes fall by stroke index.'}</p>
          {draft ? null : <ul class="plain-list strokes-list">
            {ph.map(([id, v]) => (
              <li key={id}>
                {nameOf(names, id)}: <strong>{v === null ? 'no handicap (plays off scratch)' : v === 0 ? 'plays off zero' : v > 0 ? `receives ${plural(v, 'stroke')}` : `gives back ${plural(-v, 'stroke')} (plus ${formatPlaying(v)})`}</strong>
              </li>
            ))}
          </ul>}
        </section>
      ) : null}
      <section aria-labelledby="skins-holes">
        <h3 id="skins-holes">Hole by hole</h3>
        {!state.final ? <p class="muted">A hole counts once every player in the game has finished it (a score or a pick-up); the others follow as the round goes on.</p> : null}
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Skins hole by hole">
          <table class="table">
            <caption class="visually-hidden">Skins hole by hole</caption>
            <thead>
              <tr>
                <th scope="col">Hole</th>
                <th scope="col">Skins at stake</th>
                <th scope="col">Low {game.basis} score</th>
                <th scope="col">Result</th>
                <th scope="col">Money</th>
              </tr>
            </thead>
            <tbody>
              {state.holes.map((h) => (
                <tr key={h.hole}>
                  <td>{h.hole}</td>
                  <td>{h.skinsAtStake}</td>
                  <td>{h.lowScore ?? '—'}</td>
                  <td>{h.outcome === 'won' && h.winner ? `${nameOf(names, h.winner)} wins ${plural(h.skinsWon, 'skin')}` : h.outcome === 'tied' ? `tied (${h.leaders.map((l) => nameOf(names, l)).join(', ')})${h.carried ? ', carries' : ''}` : OUTCOME[h.outcome]}</td>
                  <td>{h.centsFromEachOpponent ? `${formatMoney(h.centsFromEachOpponent, currency)} from each other player` : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

function NassauBets({ state, names, currency, game, round }: { state: NassauState; names: Names; currency: string; game: NassauGame; round: Round }) {
  const strokes = Object.entries(state.matchStrokes);
  // The four-ball of a four-ball round plays off the scorecards' Playing Handicaps, at the round's allowance (issue 34).
  const roundAllowance = playsRoundAllowance(game, round);
  const draft = round.state === 'draft';
  return (
    <>
      {game.basis === 'net' ? (
        <section class="card" aria-labelledby="nassau-strokes">
          <h3 id="nassau-strokes">Handicap strokes used</h3>
          <p class="muted">
            {draft
              ? `${STROKES_LATER} The match plays at ${state.allowancePercent ?? 100} % of Course Handicap: the lowest plays off zero and the others receive the difference (WHS Appendix C).`
              : roundAllowance
              ? `Playing Handicaps at the round's allowance of ${state.allowancePercent ?? 100} % of Course Handicap, as frozen on the scorecards: each player receives their whole Playing Handicap on the holes of lowest stroke index, so each side's better-ball net is the one on the team board and the phones.`
              : `Playing Handicaps at ${state.allowancePercent ?? 100} % of Course Handicap; the lowest plays off zero and the others receive the difference (WHS Appendix C), on the holes of lowest stroke index.`}
          </p>
          {draft ? null : <ul class="plain-list strokes-list">
            {strokes.map(([id, n]) => (
              <li key={id}>
                {nameOf(names, id)}: Playing Handicap {formatPlaying(state.playingHandicaps[id] ?? null)}, <strong>{n === 0 ? 'plays off zero' : `receives ${plural(n, 'stroke')}`}</strong>
              </li>
            ))}
          </ul>}
        </section>
      ) : null}
      {game.participants.a.length > 1 ? <NassauHoles state={state} names={names} game={game} /> : null}
      <section aria-labelledby="nassau-bets">
        <h3 id="nassau-bets">The bets</h3>
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Nassau bets">
          <table class="table">
            <caption class="visually-hidden">Nassau bets</caption>
            <thead>
              <tr>
                <th scope="col">Bet</th>
                <th scope="col">Holes</th>
                <th scope="col">Stake</th>
                <th scope="col">Standing</th>
              </tr>
            </thead>
            <tbody>
              {state.bets.map((b) => (
                <tr key={b.id}>
                  <td>{betName(b, names, game)}</td>
                  <td>
                    {b.holes[0]}–{b.holes[b.holes.length - 1]}
                  </td>
                  <td>{formatMoney(b.stakeCents, currency)}</td>
                  <td>{betStanding(b, names, game)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {state.ignoredPresses.length ? (
          <p class="notice warn">
            {state.ignoredPresses.map((p) => `The press from hole ${p.press.startHole} no longer counts: ${p.reason}.`).join(' ')}
          </p>
        ) : null}
      </section>
    </>
  );
}

function DeleteGame({ tripId, name, final, roundId, gameId }: { tripId: string; name: string; final: boolean; roundId: string; gameId: string }) {
  const remove = useDeleteSideGame(tripId);
  const [open, setOpen] = useState(false);
  return (
    <section class="card danger-zone" aria-labelledby="delete-game-head">
      <h3 id="delete-game-head">Delete this game</h3>
      <p class="muted">The game and its result go for every organizer and golfer; the scores stay.</p>
      <button type="button" class="danger" onClick={() => setOpen(true)}>
        Delete game…
      </button>
      <Dialog id="delete-game" open={open} title={`Delete ${name}?`} onClose={() => setOpen(false)}>
        <p>The game disappears from the dashboard and the golfers’ phones. The round’s scores are not touched.</p>
        <p>
          {final
            ? 'Its final money leaves the balances and the unified and per-organizer settlement plans; a plan not yet paid is planned again without it. A settlement already paid or confirmed is not rewritten: the difference is settled by the next plan.'
            : 'It has no final money yet, so no balance changes.'}
        </p>
        <ConfirmActions
          error={remove.error}
          pending={remove.pending}
          confirm="Delete for good"
          cancel="Keep the game"
          onCancel={() => setOpen(false)}
          onConfirm={() =>
            remove.run(gameId).then(() => {
              setOpen(false);
              flash(`${name} is deleted.`);
              navigate(href('tripGames', { tripId }, { round: roundId }), true);
            })
          }
        />
      </Dialog>
    </section>
  );
}
