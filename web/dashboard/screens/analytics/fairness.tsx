/**
 * Tee-time fairness per player over the trip's rounds with tee times (the server's figure, as on the Pairings tab):
 * early against late tee times and front against back nine starts as bars that lean one way when a player got more of
 * one, the counts written at both ends, and the score from 0 to 100 (100: even) as a bar with its number.
 */
import { fairnessSentences } from '../../../../shared/domain/scheduling/trip-words.js';
import { useTripFairness, type FairnessReport } from '../../api/analytics.js';
import { href } from '../../paths.js';
import { QueryView } from '../../ui/query-view.js';

type Player = FairnessReport['players'][number];

function Lean({ left, right, leftWords, rightWords }: { left: number; right: number; leftWords: string; rightWords: string }) {
  const total = left + right;
  return (
    <span class="lean">
      <span class="lean-n">{left}</span>
      <span class="lean-bar" role="img" aria-label={`${left} ${leftWords}, ${right} ${rightWords}`}>
        {total ? (
          <>
            <span class="lean-left" style={{ flexGrow: left }} />
            <span class="lean-right" style={{ flexGrow: right }} />
          </>
        ) : null}
      </span>
      <span class="lean-n">{right}</span>
    </span>
  );
}

/**
 * The best score a player can have over `rounds` rounds: with an odd number one of each pair (early/late, front/back)
 * is always one ahead, so 3 rounds give at best 100 − 50 × 2 ÷ 3 = 67.
 */
export const bestScore = (rounds: number) => (rounds <= 0 ? 100 : 100 - (50 * 2 * (rounds % 2)) / rounds);

/** How even a score is, judged against the best that many rounds allow. */
function band(score: number, rounds: number) {
  const best = bestScore(rounds);
  if (score >= best - 0.5) return { words: 'as even as it can be', cls: 'green' };
  if (score >= best - 34) return { words: 'a little uneven', cls: 'amber' };
  return { words: 'uneven', cls: 'red' };
}

function FairnessTable({ report, tripId }: { report: FairnessReport; tripId: string }) {
  const players = [...report.players].filter((p) => p.rounds > 0).sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  const overall = band(report.overall, report.roundIds.length);
  return (
    <>
      <p>
        Overall <strong>{Math.round(report.overall)}</strong> / 100 <span class={`badge ${overall.cls}`}>{overall.words}</span> over {report.roundIds.length} round{report.roundIds.length === 1 ? '' : 's'} with tee times. Least
        even first: move players between groups on the <a href={href('tripPairings', { tripId })}>Pairings tab</a> to even them out.
      </p>
      <ul class="fairness-words" data-testid="fairness-words">
        {fairnessSentences(players).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div class="table-wrap" tabIndex={0} role="region" aria-label="Tee-time fairness per player (scrolls sideways)">
        <table class="table fairness-table">
          <caption class="visually-hidden">Tee-time fairness per player</caption>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col" class="num">
                Rounds
              </th>
              <th scope="col">Early · late tee times</th>
              <th scope="col">Front · back nine starts</th>
              <th scope="col">Fairness (100 = even)</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p: Player) => {
              const b = band(p.score, p.rounds);
              return (
                <tr key={p.playerId}>
                  <th scope="row">{p.name}</th>
                  <td class="num">{p.rounds}</td>
                  <td>
                    <Lean left={p.early} right={p.late} leftWords="early" rightWords="late" />
                  </td>
                  <td>
                    <Lean left={p.front} right={p.back} leftWords="front nine starts" rightWords="back nine starts" />
                  </td>
                  <td>
                    <span class="fair-score">
                      <span class="fair-track" aria-hidden="true">
                        <span class={`fair-fill ${b.cls}`} style={{ width: `${Math.max(2, p.score)}%` }} />
                      </span>
                      <strong>{Math.round(p.score)}</strong> <span class="muted small">{b.words}</span>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p class="muted small">
        Early or late: the earlier or later half of a round’s tee times (a shotgun start is neither). Score = 100 − 50 × (|early − late| + |front − back|) ÷ rounds; over an odd number of rounds
        nobody can be perfectly even (over 3 rounds, {Math.round(bestScore(3))} is the best).
      </p>
    </>
  );
}

export function FairnessView({ tripId }: { tripId: string }) {
  const fairness = useTripFairness(tripId);
  return (
    <section aria-labelledby="an-fair">
      <h3 id="an-fair">Tee-time fairness</h3>
      <QueryView query={fairness} loading="Loading the tee-time fairness…">
        {(r) =>
          r.roundIds.length === 0 || !r.players.some((p) => p.rounds > 0) ? (
            <p class="muted">No round has tee times yet. Once groups have tee times (Pairings tab), this shows who got the early and late times and who started on the back nine.</p>
          ) : (
            <FairnessTable report={r} tripId={tripId} />
          )
        }
      </QueryView>
    </section>
  );
}
