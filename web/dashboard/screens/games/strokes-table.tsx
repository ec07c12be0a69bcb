/**
 * Who receives how many strokes in a round (`GET …/rounds/:roundId/handicaps`): Course Handicap, the allowance in
 * use, Playing Handicap and where the strokes fall. Net skins and the point game count these; a net Nassau and the
 * team matches take them again at match play (the lowest plays off zero), shown on each game.
 */
import { plural } from '../../../common/format.js';
import { useRoundHandicaps } from '../../api/rounds.js';
import { formatCourse, formatPlaying, strokesInWords } from '../../ui/handicap.js';
import { QueryView } from '../../ui/query-view.js';

export function StrokesTable({ tripId, roundId }: { tripId: string; roundId: string }) {
  const q = useRoundHandicaps(tripId, roundId);
  return (
    <section aria-labelledby="strokes-title">
      <h3 id="strokes-title">Handicap strokes in this round</h3>
      <QueryView query={q} loading="Loading the handicaps…">
        {(h) => {
          const allowance = h.players[0]?.allowancePercent;
          return (
            <>
              <p class="muted">
                {h.source === 'scorecards' ? 'As frozen on each scorecard when the round became ready.' : 'A preview from each Handicap Index today; it freezes when the round is marked ready.'} Playing Handicap = Course
                Handicap × {allowance ?? '—'} % (the round’s allowance); net skins and the point game use it. A net Nassau and team matches play off the lowest handicap instead (shown on each game).
              </p>
              <div class="table-wrap" tabIndex={0} role="region" aria-label="Strokes received per player">
                <table class="table strokes-table">
                  <caption class="visually-hidden">Strokes received per player</caption>
                  <thead>
                    <tr>
                      <th scope="col">Player</th>
                      <th scope="col">Course Handicap</th>
                      <th scope="col">Allowance</th>
                      <th scope="col">Playing Handicap</th>
                      <th scope="col">Strokes received</th>
                    </tr>
                  </thead>
                  <tbody>
                    {h.players.map((p) => {
                      const total = p.strokesReceived.reduce((s, n) => s + n, 0);
                      return (
                        <tr key={p.playerId}>
                          <th scope="row">{p.name}</th>
                          <td>{formatCourse(p.courseHandicap)}</td>
                          <td>{p.allowancePercent} %</td>
                          <td>{formatPlaying(p.playingHandicap)}</td>
                          <td>{p.problem ? p.problem : total === 0 ? 'none' : `${total > 0 ? plural(total, 'stroke') : `gives back ${plural(-total, 'stroke')}`}: ${strokesInWords(h.holes, p.strokesReceived)}`}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
