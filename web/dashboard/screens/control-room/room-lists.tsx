/** The end-of-round list of missing scores, and the short board beside the groups. */
import { listInWords, plural } from '../../../common/format.js';
import { useRoomBoard, type ControlRoom, type MissingScore } from '../../api/control-room.js';
import { href } from '../../paths.js';
import { groupTitle } from './group-card.js';

/** Once the round is over: every score still missing, with who should have entered it. */
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
  return (
    <section class="card room-missing" aria-labelledby="room-missing-h">
      <h3 id="room-missing-h">Missing scores ({missing.length})</h3>
      <p class="muted">
        The round is over and these holes have no score. Anyone of the group could have entered them on their phone; ask them, then enter the score
        in Disputes &amp; corrections.
      </p>
      <div class="table-wrap">
        <table class="table compact">
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col" class="num">
                Hole
              </th>
              <th scope="col">Group</th>
              <th scope="col">Should have been entered by</th>
              <th scope="col">
                <span class="visually-hidden">Fix</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {missing.map((m: MissingScore) => {
              const g = groupOf.get(m.groupId);
              return (
                <tr key={`${m.scorecardId}-${m.hole}`}>
                  <th scope="row">{m.name}</th>
                  <td class="num">{m.hole}</td>
                  <td>{g ? groupTitle(g) : '—'}</td>
                  <td>{listInWords(m.shouldHaveEntered.map((p) => p.name), 'en')}</td>
                  <td>
                    <a href={href('tripScores', { tripId }, { card: m.scorecardId, hole: m.hole })}>
                      Enter {m.name.split(' ')[0]}'s hole {m.hole}
                    </a>
                  </td>
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
        <table class="table compact">
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
