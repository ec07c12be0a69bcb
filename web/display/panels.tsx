/**
 * The panels of the TV display, one slide at a time. Type is sized for a 1920×1080 screen read from 3 m (body text
 * ≥ 40 px); signs and words carry meaning, colour only repeats it.
 */
import type { DisplayLeaderboard, DisplayPayload } from '../../shared/schemas/display.js';
import type { Slide } from './slides.js';

const BASIS: Record<DisplayLeaderboard['basis'], string> = { gross: 'Gross', net: 'Net', stableford: 'Stableford' };
const STATE: Record<string, string> = { draft: 'Planned', ready: 'Ready', in_progress: 'Playing now', completed: 'Completed' };
const FORMAT: Record<string, string> = {
  stroke_play: 'Stroke play',
  stableford: 'Stableford',
  match_play: 'Match play',
  four_ball: 'Four-ball',
  scramble: 'Scramble',
  best_ball: 'Best ball',
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2027-04-11` → "Sun 11 Apr" (a calendar date: no time zone shifts it). */
export function dayLabel(date: string, withYear = false): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  const day = new Date(Date.UTC(y, m - 1, d));
  return `${WEEKDAYS[day.getUTCDay()]} ${d} ${MONTHS[m - 1]}${withYear ? ` ${y}` : ''}`;
}

function pageNote(slide: Slide) {
  return slide.pages > 1 ? <span class="page-note">{` · ${slide.page} of ${slide.pages}`}</span> : null;
}

function toParClass(toPar: number | null): string {
  if (toPar === null || toPar === 0) return 'par-even';
  return toPar < 0 ? 'par-under' : 'par-over';
}

function Name({ name, team }: { name: string; team?: string | undefined }) {
  return (
    <>
      <span class="name">{name}</span>
      {team ? <span class="team">{team}</span> : null}
    </>
  );
}

function Leaderboard({ slide }: { slide: Extract<Slide, { kind: 'leaderboard' }> }) {
  const { board, lines } = slide;
  const stableford = board.basis === 'stableford';
  return (
    <section class="panel" aria-labelledby="panel-title" data-panel="leaderboard">
      <h2 id="panel-title">
        {board.roundName} <span class="sub">{`· ${BASIS[board.basis]} · par ${board.par}`}</span>
        {pageNote(slide)}
      </h2>
      {lines.length > 0 ? (
      <table class="board" data-testid="leaderboard">
        <thead>
          <tr>
            <th scope="col" class="pos">Pos</th>
            <th scope="col" class="who">Player</th>
            {stableford ? <th scope="col" class="num">Points</th> : <th scope="col" class="num">To par</th>}
            <th scope="col" class="num">Thru</th>
            <th scope="col" class="num">{stableford ? 'Gross' : BASIS[board.basis]}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={`${l.name}.${l.team ?? ''}`} data-player={l.name}>
              <td class="pos">{l.label}</td>
              <td class="who">
                <Name name={l.name} team={l.team} />
              </td>
              {stableford ? (
                <td class="num big" data-testid="points">{l.thru > 0 ? l.points : '-'}</td>
              ) : (
                <td class={`num big ${toParClass(l.toPar)}`} data-testid="to-par">{l.toParLabel}</td>
              )}
              <td class="num" data-testid="thru">{l.thru > 0 ? l.thru : '-'}</td>
              <td class="num" data-testid="total">{l.thru === 0 ? '-' : stableford || board.basis === 'gross' ? l.gross : l.net}</td>
            </tr>
          ))}
        </tbody>
      </table>
      ) : null}
      <Waiting line={slide.waiting} alone={lines.length === 0} />
    </section>
  );
}

function Skins({ slide }: { slide: Extract<Slide, { kind: 'skins' }> }) {
  const { game, standings } = slide;
  const status = game.final ? 'Final' : `${game.holesCounted} ${game.holesCounted === 1 ? 'hole' : 'holes'} decided`;
  return (
    <section class="panel" aria-labelledby="panel-title" data-panel="skins">
      <h2 id="panel-title">
        {game.name} <span class="sub">{`· Skins, ${game.basis} · ${status}`}</span>
        {pageNote(slide)}
      </h2>
      {game.carrying > 0 ? <p class="carry">{`${game.carrying} ${game.carrying === 1 ? 'skin carries' : 'skins carry'} to the next hole`}</p> : null}
      {standings.length === 0 ? (
        slide.waiting ? null : <p class="empty">No players in this game yet.</p>
      ) : (
        <table class="board" data-testid="skins">
          <thead>
            <tr>
              <th scope="col" class="who">Player</th>
              <th scope="col" class="num">Skins</th>
            </tr>
          </thead>
          <tbody>
            {standings.map((s) => (
              <tr key={`${s.name}.${s.team ?? ''}`}>
                <td class="who">
                  <Name name={s.name} team={s.team} />
                </td>
                <td class="num big">{s.skins}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Waiting line={slide.waiting} alone={standings.length === 0} />
    </section>
  );
}

/** The one line that stands for the players a board does not list (not started, no skin yet). */
function Waiting({ line, alone }: { line: string | null; alone: boolean }) {
  return line ? (
    <p class={`waiting${alone ? ' alone' : ''}`} data-testid="waiting">
      {line}
    </p>
  ) : null;
}

function Schedule({ slide }: { slide: Extract<Slide, { kind: 'schedule' }> }) {
  return (
    <section class="panel" aria-labelledby="panel-title" data-panel="schedule">
      <h2 id="panel-title">
        Schedule
        {pageNote(slide)}
      </h2>
      <ol class="schedule" data-testid="schedule">
        {slide.rounds.map((r, i) => (
          <li key={`${r.date}.${r.name}.${i}`} class={r.featured ? 'featured' : ''}>
            <span class="when">
              {dayLabel(r.date)}
              {r.startTime ? <span class="time">{r.startTime}</span> : null}
            </span>
            <span class="what">
              <span class="name">{r.name}</span>
              <span class="sub">{[r.courseName, FORMAT[r.format] ?? r.format].filter(Boolean).join(' · ')}</span>
            </span>
            <span class={`state state-${r.state}`}>{STATE[r.state] ?? r.state}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function TeeSheet({ slide }: { slide: Extract<Slide, { kind: 'tee_sheet' }> }) {
  const { sheet, groups } = slide;
  return (
    <section class="panel" aria-labelledby="panel-title" data-panel="tee_sheet">
      <h2 id="panel-title">
        {`Tee sheet · ${sheet.roundName}`} <span class="sub">{`· ${dayLabel(sheet.date)}${sheet.courseName ? ` · ${sheet.courseName}` : ''}`}</span>
        {pageNote(slide)}
      </h2>
      <ul class="tee-sheet" data-testid="tee-sheet">
        {groups.map((g) => (
          <li key={g.number} class="group">
            <p class="tee">
              <span class="time">{g.teeTime ?? 'Time to come'}</span>
              <span class="sub">{`Group ${g.number}${g.startingHole && g.startingHole !== 1 ? ` · hole ${g.startingHole}` : ''}`}</span>
            </p>
            <ul class="players">
              {g.players.map((p, i) => (
                <li key={i}>
                  <Name name={p.name} team={p.team} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Welcome({ payload }: { payload: DisplayPayload }) {
  return (
    <section class="panel welcome" aria-labelledby="panel-title" data-panel="welcome">
      <h2 id="panel-title">Welcome to {payload.trip.name}</h2>
      <p>{payload.trip.destination ?? ''}</p>
      <p class="sub">Scores appear here as soon as the first round starts.</p>
    </section>
  );
}

export function SlideView({ slide, payload }: { slide: Slide; payload: DisplayPayload }) {
  switch (slide.kind) {
    case 'leaderboard':
      return <Leaderboard slide={slide} />;
    case 'skins':
      return <Skins slide={slide} />;
    case 'schedule':
      return <Schedule slide={slide} />;
    case 'tee_sheet':
      return <TeeSheet slide={slide} />;
    default:
      return <Welcome payload={payload} />;
  }
}
