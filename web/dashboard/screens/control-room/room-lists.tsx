/** The end-of-round list of missing scores, and the short board beside the groups. */
import { plural } from '../../../common/format.js';
import { useRoomBoard, type ControlRoom, type MissingScore } from '../../api/control-room.js';
import { href } from '../../paths.js';
import { groupTitle } from './group-card.js';

/** "Ann, Ben or Cat". */
const anyOf = (names: string[]) => new Intl.ListFormat('en', { style: 'long', type: 'disjunction' }).format(names);

/** Once the round is over: every score still missing, one row per player, with who should have entered it. */
export function MissingScores({ tripId, room }: { tripId: string; room: ControlRoom }) {
  const missing = room.missingScores;
  if (missing.length === 0) {
    return (
      <section class="card room-missing" aria-labelledby="room-missing-h">
        <h3 id="room-missing-h">Missing scores</h3>
        <p>Every player has a score on every hole. Nothing to chase.</p>
      </section>
    );
  }
  const groupOf = new Map(room.groups.map((g) => [g.groupId, g] as const));
  const byCard = new Map<string, MissingScore[]>();
  for (const m of missing) byCard.set(m.scorecardId, [...(byCard.get(m.scorecardId) ?? []), m]);
  return (
    <section class="card room-missing" aria-labelledby="room-missing-h">
      <h3 id="room-missing-h">Missing scores ({missing.length})</h3>
      <p class="muted">
        The round is over and these holes have no score. Anyone of the player's group could have entered them on their phone: ask them, then open a
        hole to enter its score in Disputes &amp; corrections.
      </p>
      <div class="table-wrap">
        <table class="table compact room-stack" aria-labelledby="room-missing-h">
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Holes without a score</th>
              <th scope="col">Group</th>
              <th scope="col">Should have been entered by</th>
            </tr>
          </thead>
          <tbody>
            {[...byCard.entries()].map(([card, rows]) => {
              const first = rows[0]!;
              const g = groupOf.get(first.groupId);
              return (
                <tr key={card}>
                  <th scope="row">{first.name}</th>
                  <td data-label="Holes">
                    <ul class="room-holes" aria-label={`Holes ${first.name} has no score on`}>
                      {rows.map((m) => (
                        <li key={m.hole}>
                          <a href={href('tripScores', { tripId }, { card, hole: m.hole })} aria-label={`Hole ${m.hole} of ${first.name}`}>
                            {m.hole}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Group">{g ? groupTitle(g) : '—'}</td>
                  <td data-label="To be entered by">{anyOf(first.shouldHaveEntered.map((p) => p.name))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The top of the round board, read again only when a score moved. */
export function RoomBoard({ tripId, room }: { tripId: string; room: ControlRoom }) {
  const board = useRoomBoard(tripId, room.roundId, String(room.updateSeq));
  const data = board.data;
  const top = (data?.entries ?? []).filter((e) => e.thru > 0).slice(0, 8);
  return (
    <section class="card room-board" aria-labelledby="room-board-h">
      <h3 id="room-board-h">Leaderboard{data ? ` (${data.basis})` : ''}</h3>
      {!data ? (
        <p class="muted">{board.status === 'error' ? 'The leaderboard could not be read.' : 'Reading the leaderboard…'}</p>
      ) : top.length === 0 ? (
        <p class="muted">No score yet.</p>
      ) : (
        <table class="table compact" aria-labelledby="room-board-h">
          <thead>
            <tr>
              <th scope="col">Pos</th>
              <th scope="col">Player</th>
              <th scope="col" class="num">
                Thru
              </th>
              <th scope="col" class="num">
                {data.basis === 'stableford' ? 'Points' : 'To par'}
              </th>
            </tr>
          </thead>
          <tbody>
            {top.map((e) => (
              <tr key={e.playerId}>
                <td>{e.label}</td>
                <th scope="row">{e.name}</th>
                <td class="num">{e.thru}</td>
                <td class="num">{data.basis === 'stableford' ? e.points : e.toParLabel}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.entries.length > top.length ? (
        <p class="muted small">
          {plural(data.entries.length, 'player')} in the round. <a href={href('tripBoards', { tripId }, { round: room.roundId })}>Full leaderboards</a>
        </p>
      ) : null}
    </section>
  );
}
