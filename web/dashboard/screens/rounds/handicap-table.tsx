/**
 * Each player's handicaps in a round and where their strokes fall, as the server computed them
 * (`GET …/rounds/:roundId/handicaps`): frozen on the scorecards once the round is ready, a preview by the same
 * functions before. Nothing here computes a handicap.
 */
import type { ComponentChildren } from 'preact';
import type { Round, RoundHandicaps } from '../../api/rounds.js';
import { formatCourse, formatIndex, formatPlaying, strokeMarks, strokesInWords } from '../../ui/handicap.js';

/** `teeCell`: what the Tees column shows for a player (the round page's Tees select); the tee's name otherwise. */
export function HandicapTable({ round, data, teeCell }: { round: Round; data: RoundHandicaps; teeCell?: (p: RoundHandicaps['players'][number]) => ComponentChildren }) {
  const groupNumber = new Map(round.groups.map((g) => [g.id, g.number] as const));
  if (!data.players.length) return <p class="muted">No players in this round yet: add them when making it, or place them in groups in Pairings.</p>;
  return (
    // Focusable, so a keyboard can scroll it sideways on a narrow screen.
    <div class="table-wrap" tabIndex={0} role="region" aria-label="Handicap table">
      <table class="table handicap-table">
        <caption class="visually-hidden">Handicaps and strokes per player</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Group</th>
            <th scope="col">Tees</th>
            <th scope="col">Handicap Index</th>
            <th scope="col">Course Handicap</th>
            <th scope="col">Playing Handicap</th>
            <th scope="col">Strokes fall on{data.holes.length === 18 ? <span class="hint-inline"> (holes 1–9, 10–18)</span> : null}</th>
          </tr>
        </thead>
        <tbody>
          {data.players.map((p) => (
            <tr key={p.playerId}>
              <th scope="row">{p.name}</th>
              <td>{p.groupId && groupNumber.has(p.groupId) ? groupNumber.get(p.groupId) : '—'}</td>
              <td>{teeCell ? teeCell(p) : (p.tee ?? '—')}</td>
              <td>{formatIndex(p.handicapIndex)}</td>
              <td>{formatCourse(p.courseHandicap)}</td>
              <td class="strong">{formatPlaying(p.playingHandicap)}</td>
              <td>
                {p.problem ? (
                  <span class="muted">{p.problem[0]!.toUpperCase() + p.problem.slice(1)}.</span>
                ) : (
                  <>
                    <span class="dot-strip" aria-hidden="true">
                      {data.holes.map((h, i) => (
                        <span key={h.number} class={`dot-cell${(p.strokesReceived[i] ?? 0) < 0 ? ' back' : (p.strokesReceived[i] ?? 0) === 0 ? ' none' : ''}`} title={`Hole ${h.number}`}>
                          {strokeMarks(p.strokesReceived[i] ?? 0) || '·'}
                        </span>
                      ))}
                    </span>
                    <span class="visually-hidden">{strokesInWords(data.holes, p.strokesReceived)}</span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
