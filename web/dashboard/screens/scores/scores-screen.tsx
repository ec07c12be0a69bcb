/**
 * Disputes and corrections (issue 24): the inbox of holes two phones scored differently (`?view=disputes`, the
 * default) and the correction of any score of any card (`?view=corrections&round=…&card=…&hole=…`). Both show what a
 * fix changes (boards, games, money) before it is applied in one step. `?card=<scorecardId>&hole=<n>` opens that
 * hole's correction: the control room links here.
 */
import { useAllPlayers } from '../../api/players.js';
import { useRounds } from '../../api/rounds.js';
import { useDisputes } from '../../api/score-fixes.js';
import { href } from '../../paths.js';
import type { TripScreenProps } from '../../screen.js';
import { Corrections } from './corrections.js';
import { DisputesInbox, type Names } from './disputes-inbox.js';

export function ScoresScreen({ trip, query }: TripScreenProps) {
  const view = query.get('view') ?? (query.get('card') ? 'corrections' : 'disputes');
  const players = useAllPlayers(trip.id);
  const rounds = useRounds(trip.id);
  const disputes = useDisputes(trip.id);
  const playerNames = new Map((players.data ?? []).map((p) => [p.id, p.name] as const));
  const roundNames = new Map((rounds.data?.items ?? []).map((r) => [r.id, r.name] as const));
  const names: Names = {
    players: playerNames,
    player: (id) => playerNames.get(id) ?? (players.data ? 'a removed player' : '…'),
    round: (id) => roundNames.get(id) ?? '',
  };
  const count = disputes.data?.length;
  return (
    <>
      <div class="page-head">
        <div>
          <h2>Disputes and corrections</h2>
          <p class="muted">Settle the holes phones disagree on, and correct any score. Every fix shows what it changes before you apply it.</p>
        </div>
      </div>
      <nav class="subnav" aria-label="Disputes and corrections">
        <ul>
          <li>
            <a href={href('tripScores', { tripId: trip.id }, { view: 'disputes' })} aria-current={view === 'disputes' ? 'page' : undefined}>
              Disputes{count ? ` (${count})` : ''}
            </a>
          </li>
          <li>
            <a href={href('tripScores', { tripId: trip.id }, { view: 'corrections' })} aria-current={view === 'corrections' ? 'page' : undefined}>
              Corrections
            </a>
          </li>
        </ul>
      </nav>
      {view === 'corrections' ? <Corrections trip={trip} names={names} query={query} /> : <DisputesInbox trip={trip} names={names} />}
    </>
  );
}
