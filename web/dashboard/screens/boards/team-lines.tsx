/**
 * A best ball team's derivation: per hole, each member's gross less the strokes received (from the Playing Handicap
 * frozen on their scorecard) gives their net; the best `bestOf` of them make the team's score, marked "counts".
 */
import { useTeamLines, type TeamEntry } from '../../api/boards.js';
import { QueryView } from '../../ui/query-view.js';

export function BestBallLines({ tripId, roundId, entry }: { tripId: string; roundId: string; entry: TeamEntry }) {
  const q = useTeamLines(tripId, roundId, entry.teamcardId);
  return (
    <QueryView query={q} loading="Loading the holes…">
      {(t) => {
        const played = t.holes.filter((h) => h.net !== null);
        const sum = (f: (h: (typeof played)[number]) => number | null) => played.reduce((s, h) => s + (f(h) ?? 0), 0);
        return (
          <>
          <p class="muted">Each cell: gross − strokes received = net. The best net of the hole (marked) is the team’s.</p>
          <div class="table-wrap derivation-wrap" tabIndex={0} role="region" aria-label="Lines, scrolls sideways">
            <table class="table compact derivation-table">
              <caption class="visually-hidden">The holes of {t.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Hole</th>
                  <th scope="col">Par</th>
                  {t.members.map((m) => (
                    <th scope="col" key={m.playerId}>
                      {m.name}
                    </th>
                  ))}
                  <th scope="col">Team gross</th>
                  <th scope="col" class="figure-col">
                    Team net
                  </th>
                </tr>
              </thead>
              <tbody>
                {played.map((h) => (
                  <tr key={h.hole}>
                    <th scope="row">{h.hole}</th>
                    <td>{t.members[0]?.perHole[h.hole - 1]?.par}</td>
                    {t.members.map((m) => {
                      const l = m.perHole[h.hole - 1];
                      if (!l || (l.gross === null && !l.pickedUp)) return <td key={m.playerId}>–</td>;
                      const counts = l.net === h.net && (t.bestOf ?? 1) === 1;
                      return (
                        <td key={m.playerId} class={counts ? 'counts' : undefined}>
                          {l.pickedUp ? 'picked up' : l.gross} − {l.strokesReceived} = {l.net}
                          {counts ? <span class="counts-mark"> best</span> : null}
                        </td>
                      );
                    })}
                    <td>{h.gross}</td>
                    <td class="figure-col">{h.net}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr class="derivation-total">
                  <th scope="row">Total</th>
                  <td />
                  {t.members.map((m) => (
                    <td key={m.playerId} />
                  ))}
                  <td>{sum((h) => h.gross)}</td>
                  <td class="figure-col">{sum((h) => h.net)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          </>
        );
      }}
    </QueryView>
  );
}
