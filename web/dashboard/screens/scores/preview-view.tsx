/**
 * What a fix would change, in words, before it is applied: the hole's value, each player's total and position on the
 * round's board, the skins, Nassau bets and point games that move, the money each player wins or owes from the
 * round's games and their net in the trip's settlement. Everything comes from the server's dry run
 * (`…/preview`); this only says it, with the trip's currency.
 */
import { formatMoney, plural } from '../../../common/format.js';
import type { CorrectionPreview, SideGame } from '../../api/score-fixes.js';
import { betChange, positionText, skinsOutcome, strokesText, toParText } from './score-words.js';

export interface PreviewViewProps {
  preview: CorrectionPreview;
  playerName: string;
  currency: string;
  nameOf: (playerId: string) => string;
  sideGames: readonly SideGame[];
}

const arrow = ' → ';

export function PreviewView({ preview, playerName, currency, nameOf, sideGames }: PreviewViewProps) {
  const money = (cents: number) => formatMoney(Math.abs(cents), currency);
  const wins = (cents: number) => (cents > 0 ? `wins ${money(cents)}` : cents < 0 ? `owes ${money(cents)}` : 'even');
  const net = (cents: number) => (cents > 0 ? `receives ${money(cents)}` : cents < 0 ? `pays ${money(cents)}` : 'even');
  const sidesOf = (gameId: string) => {
    const g = sideGames.find((x) => x.id === gameId);
    if (!g || g.kind !== 'nassau') return ['Side A', 'Side B'] as const;
    const side = (ids: string[]) => ids.map(nameOf).join(' & ');
    return [side(g.participants.a), side(g.participants.b)] as const;
  };
  const notFinal = preview.sideGames.some((g) => !g.final);
  const moneyMoves = preview.unifiedNets.length > 0;
  const { board } = preview;

  return (
    <section class="fix-preview" aria-label="What it changes">
      <h4>What it changes</h4>
      {preview.unchanged ? (
        <p class="notice" role="status">
          Nothing changes: the hole already has this value.
        </p>
      ) : null}
      <ul class="fix-lines" aria-label="The score">
        {preview.scores.map((s) => (
          <li key={s.hole}>
            {s.strokes.before === s.strokes.after ? (
              <>
                Hole {s.hole} of {playerName} keeps <strong>{strokesText(s.strokes.after)}</strong>
              </>
            ) : (
              <>
                Hole {s.hole} of {playerName}: {strokesText(s.strokes.before)}
                {arrow}
                <strong>{strokesText(s.strokes.after)}</strong>
              </>
            )}
            {s.disputeSettled ? '; the dispute is settled and every phone shows this value.' : '.'}
          </li>
        ))}
      </ul>

      <h5>Round leaderboard ({board.basis})</h5>
      {board.changes.length === 0 ? (
        <p class="muted">No total or position moves.</p>
      ) : (
        <ul class="fix-lines" aria-label="Round leaderboard">
          {board.changes.map((c) => (
            <li key={c.playerId}>
              <strong>{c.name}</strong>:{' '}
              {c.position.before === c.position.after ? `stays ${positionText(c.position.after)}` : `${positionText(c.position.before)}${arrow}${positionText(c.position.after)}`}
              {c.gross.before !== c.gross.after ? `; gross ${c.gross.before}${arrow}${c.gross.after}` : ''}
              {c.net.before !== c.net.after ? `; net ${c.net.before}${arrow}${c.net.after}` : ''}
              {c.points.before !== c.points.after ? `; ${c.points.before}${arrow}${plural(c.points.after, 'point')}` : ''}
              {c.toPar.before !== c.toPar.after ? `; ${toParText(c.toPar.before)}${arrow}${toParText(c.toPar.after)} to par` : ''}
            </li>
          ))}
        </ul>
      )}

      <h5>Skins and Nassau</h5>
      {preview.sideGames.length === 0 ? (
        <p class="muted">No skin, Nassau bet or game money moves.</p>
      ) : (
        preview.sideGames.map((g) => {
          const [a, b] = sidesOf(g.gameId);
          // Only what the choice changes: a bet whose words read the same before and after is left out.
          const bets = g.nassauBets.map((x) => ({ id: x.id, text: betChange(x, a, b) })).filter((x): x is { id: string; text: string } => x.text !== null);
          const money = Object.entries(g.moneyCents).filter(([, m]) => m.before !== m.after);
          const nothing = g.skinsHoles.length === 0 && bets.length === 0 && money.length === 0;
          return (
            <div key={g.gameId} class="fix-game">
              <p class="fix-game-name">
                <strong>{g.name}</strong>
                {g.name.toLowerCase().includes(g.kind === 'skins' ? 'skin' : 'nassau') ? '' : g.kind === 'skins' ? ' (skins)' : ' (Nassau)'}
              </p>
              {nothing ? <p class="muted">Nothing changes in this game.</p> : null}
              <ul class="fix-lines" aria-label={g.name} hidden={nothing}>
                {g.skinsHoles.map((h) => (
                  <li key={`h${h.hole}`}>
                    Hole {h.hole}: {skinsOutcome(h.outcome.before, h.winner.before, h.skinsWon.before, nameOf)}
                    {arrow}
                    {skinsOutcome(h.outcome.after, h.winner.after, h.skinsWon.after, nameOf)}
                  </li>
                ))}
                {bets.map((x) => (
                  <li key={`b${x.id}`}>{x.text}</li>
                ))}
                {money.map(([id, m]) => (
                  <li key={`m${id}`}>
                    {nameOf(id)} {wins(m.before)}
                    {arrow}
                    <strong>{wins(m.after)}</strong>
                  </li>
                ))}
              </ul>
            </div>
          );
        })
      )}

      {preview.pointGames.length > 0 ? (
        <>
          <h5>Point game</h5>
          <ul class="fix-lines" aria-label="Point game">
            {preview.pointGames.map((p) => (
              <li key={p.pointGameId}>
                Team {p.team}: {p.runningTotal.before}
                {arrow}
                <strong>{plural(p.runningTotal.after, 'point')}</strong>
                {p.holes.length ? ` (${p.holes.map((h) => `hole ${h.hole}: ${h.total.before ?? '—'}${arrow}${h.total.after ?? '—'}`).join(', ')})` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h5>Money</h5>
      {preview.roundGameMoney.length === 0 && !moneyMoves ? <p class="muted">Nobody wins or owes a different amount.</p> : null}
      {preview.roundGameMoney.length > 0 ? (
        <>
          <p>From this round&rsquo;s games:</p>
          <ul class="fix-lines" aria-label="Money from this round's games">
            {preview.roundGameMoney.map((m) => (
              <li key={m.playerId}>
                {m.name} {wins(m.cents.before)}
                {arrow}
                <strong>{wins(m.cents.after)}</strong>
              </li>
            ))}
          </ul>
          {notFinal ? <p class="muted">The round is not completed yet: its games&rsquo; money joins the trip&rsquo;s settlement when it is.</p> : null}
        </>
      ) : null}
      {moneyMoves ? (
        <>
          <p>In the trip&rsquo;s settlement (expenses, games, wagers and the pot, netted):</p>
          <ul class="fix-lines" aria-label="Settlement">
            {preview.unifiedNets.map((m) => (
              <li key={m.playerId}>
                {m.name} {net(m.cents.before)}
                {arrow}
                <strong>{net(m.cents.after)}</strong>
              </li>
            ))}
          </ul>
          {preview.settlements.pendingReplanned > 0 ? <p>The {plural(preview.settlements.pendingReplanned, 'payment')} not made yet will be planned again.</p> : null}
          {preview.settlements.paidOrConfirmedKept > 0 ? (
            <p class="notice warn" data-testid="kept-settlements">
              {preview.settlements.paidOrConfirmedKept === 1 ? 'One payment is' : `${preview.settlements.paidOrConfirmedKept} payments are`} already paid or confirmed: {preview.settlements.paidOrConfirmedKept === 1 ? 'it stays' : 'they stay'} as{' '}
              {preview.settlements.paidOrConfirmedKept === 1 ? 'it is' : 'they are'}, and the difference is settled by the next plan.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
