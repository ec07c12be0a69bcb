/** The board tables: one per kind of board, each a real <table> with `data-testid="board"`, my row marked. */
import type { CompetitionLeaderboard, MultiRoundLeaderboard, RoundLeaderboard } from '../../../../shared/schemas/leaderboards.js';
import type { TeamRoundLeaderboard } from '../../../../shared/domain/leaderboards/index.js';
import type { SideGameState } from '../../../../shared/schemas/games.js';
import type { PointGameView } from '../../../../shared/domain/games/state/index.js';
import { money, toPar } from './format.js';
import { WAITING_WHY, waitingLine } from '../games/skins-waiting.js';

type Basis = 'gross' | 'net' | 'stableford';
export interface Ctx {
  me: string;
  /** Short names that tell the trip's players apart (state/names.ts). */
  names: Map<string, string>;
  currency: string | undefined;
}

const name = (ctx: Ctx, id: string) => ctx.names.get(id) ?? id;
const You = () => <span class="you"> (you)</span>;

function Row({ mine, id, children }: { mine: boolean; id: string; children: preact.ComponentChildren }) {
  return (
    <tr class={mine ? 'me' : undefined} data-testid="board-row" data-id={id} aria-current={mine ? 'true' : undefined}>
      {children}
    </tr>
  );
}

const total = (basis: Basis) => (basis === 'gross' ? 'Gross' : basis === 'net' ? 'Net' : 'Pts');
const totalOf = (e: { gross: number; net: number; points: number }, basis: Basis) => (basis === 'gross' ? e.gross : basis === 'net' ? e.net : e.points);

/** Leader line for screen readers and a glance: who leads, at what. */
export function Leader({ text }: { text: string }) {
  return (
    <p class="leader" aria-live="polite" data-testid="board-leader">
      {text}
    </p>
  );
}

export function RoundTable({ board, ctx }: { board: RoundLeaderboard; ctx: Ctx }) {
  const top = board.entries[0];
  return (
    <>
      <Leader text={top && top.position !== null ? `Leading: ${top.name}, ${board.basis === 'stableford' ? `${top.points} points` : top.toParLabel}, thru ${top.thru}` : 'No scores yet'} />
      <table data-testid="board" data-kind="round" data-basis={board.basis}>
        <caption class="visually-hidden">{`${board.name}, ${board.basis} board`}</caption>
        <thead>
          <tr>
            <th scope="col">Pos</th>
            <th scope="col">Player</th>
            <th scope="col" class="num">{board.basis === 'stableford' ? 'Pts' : 'To par'}</th>
            <th scope="col" class="num">Thru</th>
            <th scope="col" class="num">{board.basis === 'stableford' ? 'Net' : total(board.basis)}</th>
          </tr>
        </thead>
        <tbody>
          {board.entries.map((e) => (
            <Row key={e.playerId} id={e.playerId} mine={e.playerId === ctx.me}>
              <LeadCells entry={e} basis={board.basis} ctx={ctx} />
              <td class="num" data-col="thru">{e.thru}</td>
              <td class="num" data-col="total">{board.basis === 'stableford' ? e.net : totalOf(e, board.basis)}</td>
            </Row>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The first cells of a player's row on the round and multi-round boards: position, name (mine marked), score. */
function LeadCells({ entry, basis, ctx }: { entry: { label: string; name: string; playerId: string; points: number; toParLabel: string }; basis: string; ctx: Ctx }) {
  return (
    <>
      <td data-col="pos">{entry.label}</td>
      <th scope="row" data-col="name">
        {ctx.names.get(entry.playerId) ?? entry.name}
        {entry.playerId === ctx.me && <You />}
      </th>
      <td class="num strong" data-col="score">{basis === 'stableford' ? entry.points : entry.toParLabel}</td>
    </>
  );
}

export function MultiTable({ board, ctx, title }: { board: MultiRoundLeaderboard; ctx: Ctx; title: string }) {
  const top = board.entries[0];
  return (
    <>
      <Leader text={top && top.position !== null ? `Leading: ${top.name}, ${board.basis === 'stableford' ? `${top.points} points` : top.toParLabel}` : 'No scores yet'} />
      <div class="scroll">
        <table data-testid="board" data-kind="multi" data-basis={board.basis}>
          <caption class="visually-hidden">{`${title}, ${board.basis} board`}</caption>
          <thead>
            <tr>
              <th scope="col">Pos</th>
              <th scope="col">Player</th>
              <th scope="col" class="num">{board.basis === 'stableford' ? 'Pts' : 'To par'}</th>
              {board.roundIds.map((_, i) => (
                <th scope="col" class="num" key={i}>{`R${i + 1}`}</th>
              ))}
              <th scope="col" class="num">{board.basis === 'stableford' ? 'Net' : total(board.basis)}</th>
            </tr>
          </thead>
          <tbody>
            {board.entries.map((e) => (
              <Row key={e.playerId} id={e.playerId} mine={e.playerId === ctx.me}>
                <LeadCells entry={e} basis={board.basis} ctx={ctx} />
                {e.rounds.map((r, i) => (
                  <td class="num" key={i} data-col={`r${i + 1}`}>
                    {r === null || r.thru === 0 ? '–' : board.basis === 'stableford' ? r.points : `${toPar(r.toPar)}${r.thru < 18 ? ` (${r.thru})` : ''}`}
                  </td>
                ))}
                <td class="num" data-col="total">{board.basis === 'stableford' ? e.net : totalOf(e, board.basis)}</td>
              </Row>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function CompetitionTable({ board, ctx }: { board: CompetitionLeaderboard; ctx: Ctx }) {
  if (board.kind === 'tournament') return <MultiTable board={board} ctx={ctx} title={board.name} />;
  const lead = board.teams[0];
  return (
    <>
      <Leader text={lead ? `${lead.team} ${lead.points} points (projected ${lead.projected})` : 'No matches yet'} />
      <table data-testid="board" data-kind="team_match">
        <caption class="visually-hidden">{`${board.name}: teams`}</caption>
        <thead>
          <tr>
            <th scope="col">Team</th>
            <th scope="col" class="num">Points</th>
            <th scope="col" class="num">Projected</th>
            <th scope="col" class="num">W-H-L</th>
          </tr>
        </thead>
        <tbody>
          {board.teams.map((t) => (
            <tr key={t.team} data-testid="board-row" data-id={t.team}>
              <th scope="row" data-col="name">{t.team}</th>
              <td class="num strong" data-col="score">{t.points}</td>
              <td class="num" data-col="projected">{t.projected}</td>
              <td class="num" data-col="record">{`${t.won}-${t.halved}-${t.lost}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Matches</h2>
      <ul class="cards">
        {board.matches.map((m) => {
          const mine = [...m.sideA.playerIds, ...m.sideB.playerIds].includes(ctx.me);
          return (
            <li key={m.id} class={mine ? 'card match me' : 'card match'} data-testid="match" data-id={m.id}>
              <div class="row spread">
                <span>
                  <strong>{m.sideA.playerIds.map((p) => name(ctx, p)).join(' & ')}</strong> <span class="muted">({m.sideA.team})</span>
                </span>
                <span class="badge">{m.leaderTeam ?? (m.matchStatus === 'halved' ? 'Halved' : 'All square')}</span>
              </div>
              <div>
                vs <strong>{m.sideB.playerIds.map((p) => name(ctx, p)).join(' & ')}</strong> <span class="muted">({m.sideB.team})</span>
              </div>
              <div data-col="status">{m.status}</div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function TeamRoundTable({ board, ctx }: { board: TeamRoundLeaderboard; ctx: Ctx }) {
  return (
    <table data-testid="board" data-kind="teams" data-basis={board.basis}>
      <caption class="visually-hidden">{`${board.name}: teams, ${board.basis}`}</caption>
      <thead>
        <tr>
          <th scope="col">Pos</th>
          <th scope="col">Team</th>
          <th scope="col" class="num">To par</th>
          <th scope="col" class="num">Thru</th>
          <th scope="col" class="num">{total(board.basis)}</th>
        </tr>
      </thead>
      <tbody>
        {board.entries.map((e) => (
          <Row key={e.teamcardId} id={e.teamcardId} mine={e.playerIds.includes(ctx.me)}>
            <td data-col="pos">{e.label}</td>
            <th scope="row" data-col="name">
              {e.name}
              <div class="muted small">{e.playerIds.map((p) => name(ctx, p)).join(', ')}</div>
            </th>
            <td class="num strong" data-col="score">{e.toParLabel}</td>
            <td class="num" data-col="thru">{e.thru}</td>
            <td class="num" data-col="total">{board.basis === 'gross' ? e.gross : e.net}</td>
          </Row>
        ))}
      </tbody>
    </table>
  );
}

export function SkinsTable({ state, ctx }: { state: Extract<SideGameState, { kind: 'skins' }>; ctx: Ctx }) {
  const players = [...state.players].sort((a, b) => b.skins - a.skins || b.netCents - a.netCents || name(ctx, a.playerId).localeCompare(name(ctx, b.playerId)));
  const won = state.holes.filter((h) => h.outcome === 'won');
  return (
    <>
      <Leader text={`${state.skinsWon} skins won over ${state.holesCounted.length} holes${state.carrying > 0 ? `, ${state.carrying} carrying` : ''}${state.final ? ' (final)' : ''}`} />
      {state.waiting.length > 0 && (
        <>
          <h2>Not decided yet</h2>
          <p class="muted">{WAITING_WHY}</p>
          <ul class="list" data-testid="skins-waiting">
            {state.waiting.map((w) => (
              <li key={w.hole}>{waitingLine(w)}</li>
            ))}
          </ul>
        </>
      )}
      <table data-testid="board" data-kind="skins">
        <caption class="visually-hidden">Skins</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col" class="num">Skins</th>
            <th scope="col" class="num">Money</th>
          </tr>
        </thead>
        <tbody>
          {players.map((p) => (
            <Row key={p.playerId} id={p.playerId} mine={p.playerId === ctx.me}>
              <th scope="row" data-col="name">
                {name(ctx, p.playerId)}
                {p.playerId === ctx.me && <You />}
              </th>
              <td class="num strong" data-col="skins">{p.skins}</td>
              <td class="num" data-col="money" data-cents={p.netCents}>{money(p.netCents, ctx.currency)}</td>
            </Row>
          ))}
        </tbody>
      </table>
      {won.length > 0 && (
        <>
          <h2>Skins won</h2>
          <ul class="list" data-testid="skins-holes">
            {won.map((h) => (
              <li key={h.hole}>
                Hole {h.hole}: <strong>{name(ctx, h.winner ?? '')}</strong> with {h.lowScore}
                {h.skinsWon > 1 ? ` (${h.skinsWon} skins)` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

const BET: Record<string, string> = { front: 'Front 9', back: 'Back 9', overall: 'Overall', press: 'Press' };

export function NassauTable({ state, ctx, sides }: { state: Extract<SideGameState, { kind: 'nassau' }>; ctx: Ctx; sides: { a: string[]; b: string[] } }) {
  const sideName = (s: 'a' | 'b') => sides[s].map((p) => name(ctx, p)).join(' & ');
  const standing = (aUp: number) => (aUp === 0 ? 'All square' : `${sideName(aUp > 0 ? 'a' : 'b')} ${Math.abs(aUp)} up`);
  // A match ended early (a side withdrew, issue 34): the bets not yet decided were conceded, or are off.
  const result = (r: string, aUp: number) => (r === 'in_progress' ? standing(aUp) : r === 'halved' ? 'Halved' : r === 'void' ? 'Off (match ended early)' : `${sideName(r as 'a' | 'b')} won`);
  const players = [...sides.a, ...sides.b];
  return (
    <>
      <Leader text={`${sideName('a')} vs ${sideName('b')}: thru ${state.holesCounted.length}${state.final ? ' (final)' : ''}`} />
      <table data-testid="board" data-kind="nassau">
        <caption class="visually-hidden">Nassau bets</caption>
        <thead>
          <tr>
            <th scope="col">Bet</th>
            <th scope="col">Standing</th>
            <th scope="col" class="num">To play</th>
          </tr>
        </thead>
        <tbody>
          {state.bets.map((b) => (
            <tr key={b.id} data-testid="board-row" data-id={b.id}>
              <th scope="row" data-col="name">{b.kind === 'press' ? `Press on ${BET[(b.pressOf ?? '').split('/')[0] ?? ''] ?? 'a press'} from ${b.holes[0]}` : BET[b.kind]}</th>
              <td data-col="standing" data-a-up={b.aUp}>{result(b.result, b.aUp)}</td>
              <td class="num" data-col="to-play">{b.holesToPlay}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Money so far</h2>
      <ul class="list" data-testid="nassau-money">
        {players.map((p) => (
          <li key={p} class={p === ctx.me ? 'row spread me' : 'row spread'} data-id={p}>
            <span>
              {name(ctx, p)}
              {p === ctx.me && <You />}
            </span>
            <strong data-cents={state.moneyCents[p] ?? 0}>{money(state.moneyCents[p] ?? 0, ctx.currency)}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

export interface TeamPointGame {
  team: string;
  view: PointGameView;
}

export function PointGamesTable({ games, ctx, myTeam }: { games: TeamPointGame[]; ctx: Ctx; myTeam: string | undefined }) {
  return (
    <table data-testid="board" data-kind="point_game">
      <caption class="visually-hidden">Point games</caption>
      <thead>
        <tr>
          <th scope="col">Team</th>
          <th scope="col" class="num">Counted</th>
          <th scope="col" class="num">Net total</th>
          <th scope="col" class="num">Hole</th>
        </tr>
      </thead>
      <tbody>
        {games.map(({ team, view }) => (
          <Row key={team} id={team} mine={team === myTeam}>
            <th scope="row" data-col="name">
              {team}
              {team === myTeam && <You />}
            </th>
            <td class="num" data-col="counted">{`${view.state.countedSoFar}/${view.config.targetCount}`}</td>
            <td class="num strong" data-col="total">{view.state.runningTotal}</td>
            <td class="num" data-col="hole">{view.state.currentHole ?? 'done'}</td>
          </Row>
        ))}
      </tbody>
    </table>
  );
}
