/** The trip's competitions across rounds: format, rounds, allowance, and a link to each one's board. */
import { useCompetitions } from '../../api/games.js';
import type { Round } from '../../api/rounds.js';
import { href } from '../../paths.js';
import { QueryView } from '../../ui/query-view.js';
import { competitionAllowanceWords, COMPETITION_FORMAT_WORDS } from './game-words.js';

export function CompetitionList({ tripId, rounds }: { tripId: string; rounds: Round[] }) {
  const q = useCompetitions(tripId);
  return (
    <section aria-labelledby="comp-title">
      <div class="section-head">
        <h3 id="comp-title">Competitions</h3>
        <a class="button" href={href('tripGames', { tripId }, { view: 'new-competition' })}>
          New competition
        </a>
      </div>
      <p class="muted">A competition ranks players over one or more rounds (stroke play, Stableford), or scores team matches Ryder Cup style.</p>
      <QueryView query={q} loading="Loading the competitions…">
        {(list) =>
          list.items.length === 0 ? (
            <div class="card empty">
              <h4>No competition yet</h4>
              <p>Create one to rank the players across the rounds you choose.</p>
            </div>
          ) : (
            <div class="table-wrap" tabIndex={0} role="region" aria-label="Competitions">
              <table class="table">
                <caption class="visually-hidden">Competitions</caption>
                <thead>
                  <tr>
                    <th scope="col">Competition</th>
                    <th scope="col">Format</th>
                    <th scope="col">Rounds</th>
                    <th scope="col">Handicap allowance</th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((c) => (
                    <tr key={c.id}>
                      <td>
                        <a href={href('tripGames', { tripId }, { competition: c.id })}>{c.name}</a>
                      </td>
                      <td>{COMPETITION_FORMAT_WORDS[c.format]}</td>
                      <td>{c.roundIds.map((id) => rounds.find((r) => r.id === id)?.name ?? 'a removed round').join(', ')}</td>
                      <td>{competitionAllowanceWords(c)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryView>
    </section>
  );
}
