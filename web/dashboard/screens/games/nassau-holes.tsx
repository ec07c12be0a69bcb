/**
 * A four-ball Nassau's holes (issue 34): each side's better-ball net per hole counted and who won it, the figures
 * the team board and the phones show for the same sides (the Nassau of a four-ball round plays off the Playing
 * Handicaps frozen on the scorecards, at the round's allowance).
 */
import type { NassauGame, NassauState } from '../../api/games.js';
import { nameOf, type Names } from './game-words.js';

const sideWords = (names: Names, ids: readonly string[]) => ids.map((id) => nameOf(names, id)).join(' & ');

export function NassauHoles({ state, names, game }: { state: NassauState; names: Names; game: NassauGame }) {
  const played = state.holes.filter((h) => h.winner !== 'unplayed');
  if (played.length === 0) return null;
  const a = sideWords(names, game.participants.a);
  const b = sideWords(names, game.participants.b);
  const won = (w: string) => (w === 'a' ? a : w === 'b' ? b : 'Halved');
  return (
    <section aria-labelledby="nassau-holes">
      <h3 id="nassau-holes">Hole by hole</h3>
      <div class="table-wrap" tabIndex={0} role="region" aria-label="Nassau holes">
        <table class="table compact">
          <caption class="visually-hidden">Better-ball net of each side per hole</caption>
          <thead>
            <tr>
              <th scope="col">Hole</th>
              <th scope="col">{a}</th>
              <th scope="col">{b}</th>
              <th scope="col">Won by</th>
            </tr>
          </thead>
          <tbody>
            {played.map((h) => (
              <tr key={h.hole} data-testid="nassau-hole" data-hole={h.hole} data-a={h.a ?? ''} data-b={h.b ?? ''}>
                <th scope="row">{h.hole}</th>
                <td>{h.a ?? 'picked up'}</td>
                <td>{h.b ?? 'picked up'}</td>
                <td>{won(h.winner)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
