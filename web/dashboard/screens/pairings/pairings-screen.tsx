/**
 * The trip's Pairings tab: per round, the tee sheet (pairings, tee times, rules, drag and menu swaps, rule breaks and
 * fairness), and the screens that schedule across rounds: rotations with Optimize Fairness, copying pairings, waves,
 * round robin and open tee times. The round and the view are in the address (`?round=…&view=…`), so a view can be
 * shared and survives a reload.
 */
import type { ComponentChildren } from 'preact';
import { useRounds, type Round } from '../../api/scheduling.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { CopyView } from './copy-view.js';
import { OpenTeeTimesView } from './open-tee-times-view.js';
import { RotationsView } from './rotations-view.js';
import { RoundRobinView } from './round-robin-view.js';
import { SheetView } from './sheet-view.js';
import { WavesView } from './waves-view.js';

export const VIEWS = [
  { id: 'sheet', label: 'Tee sheet', perRound: true },
  { id: 'rotations', label: 'Rotations', perRound: false },
  { id: 'copy', label: 'Copy pairings', perRound: true },
  { id: 'waves', label: 'Waves', perRound: true },
  { id: 'round-robin', label: 'Round robin', perRound: false },
  { id: 'open', label: 'Open tee times', perRound: true },
] as const;
export type ViewId = (typeof VIEWS)[number]['id'];

export function PairingsScreen({ trip, query }: TripScreenProps) {
  const rounds = useRounds(trip.id);
  const view = (VIEWS.find((v) => v.id === query.get('view'))?.id ?? 'sheet') as ViewId;
  return (
    <QueryView query={rounds} loading="Loading the rounds…">
      {({ items }) => {
        const round = items.find((r) => r.id === query.get('round')) ?? items[0];
        const to = (next: { round?: string; view?: ViewId }) => href('tripPairings', { tripId: trip.id }, { round: next.round ?? round?.id, view: (next.view ?? view) === 'sheet' ? undefined : (next.view ?? view) });
        const perRound = VIEWS.find((v) => v.id === view)!.perRound;
        return (
          <>
            <div class="page-head pairings-head">
              <h2>Pairings</h2>
              {items.length && perRound ? (
                <div class="field round-picker">
                  <label for="pairings-round">Round</label>
                  <select id="pairings-round" value={round?.id} onChange={(e) => navigate(to({ round: e.currentTarget.value }), true)}>
                    {items.map((r) => (
                      <option key={r.id} value={r.id}>
                        {roundLabel(r)}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
            </div>
            <nav class="subnav" aria-label="Pairings">
              <ul>
                {VIEWS.map((v) => (
                  <li key={v.id}>
                    <a href={to({ view: v.id })} aria-current={v.id === view ? 'page' : undefined}>
                      {v.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {!items.length ? (
              <p class="notice">This trip has no round yet. Add one in Rounds, then pair its players here.</p>
            ) : (
              <ViewBody view={view} tripId={trip.id} round={round!} rounds={items} />
            )}
          </>
        );
      }}
    </QueryView>
  );
}

function ViewBody({ view, tripId, round, rounds }: { view: ViewId; tripId: string; round: Round; rounds: Round[] }): ComponentChildren {
  switch (view) {
    case 'rotations':
      return <RotationsView tripId={tripId} rounds={rounds} />;
    case 'copy':
      return <CopyView key={round.id} tripId={tripId} round={round} rounds={rounds} />;
    case 'waves':
      return <WavesView key={round.id} tripId={tripId} round={round} />;
    case 'round-robin':
      return <RoundRobinView tripId={tripId} />;
    case 'open':
      return <OpenTeeTimesView key={round.id} tripId={tripId} round={round} />;
    default:
      return <SheetView key={round.id} tripId={tripId} round={round} rounds={rounds} />;
  }
}

export const roundLabel = (r: Round) => `${r.name} · ${r.date}${r.state !== 'draft' ? ` (${STATE[r.state] ?? r.state})` : ''}`;
const STATE: Record<string, string> = { ready: 'ready', in_progress: 'in play', completed: 'completed' };
