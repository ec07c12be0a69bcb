/**
 * Analytics (the Analytics tab), in pictures where a picture says it faster: the trip at a glance with the MVP race
 * and fun stats (`?view=overview`, the default), the head-to-head heat map with the rivalries (`?view=head-to-head`,
 * one pair with `&a=<player>&b=<player>`), and tee-time fairness per player (`?view=fairness`). Every figure is the
 * server's, computed from completed cards; every picture has its numbers written on it or beside it.
 */
import { useMatrix } from '../../api/analytics.js';
import { href } from '../../paths.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { FairnessView } from './fairness.js';
import { HeatMap } from './heat-map.js';
import { Overview } from './overview.js';
import { PairView, RivalriesView } from './rivalries.js';

const VIEWS = [
  { view: 'overview', label: 'Overview' },
  { view: 'head-to-head', label: 'Head to head' },
  { view: 'fairness', label: 'Tee-time fairness' },
] as const;
type View = (typeof VIEWS)[number]['view'];

function HeadToHeadView({ tripId }: { tripId: string }) {
  const matrix = useMatrix(tripId);
  return (
    <>
      <section aria-labelledby="h2h-title">
        <h3 id="h2h-title">Everyone against everyone</h3>
        <QueryView query={matrix} loading="Loading the head-to-head…">
          {(m) => (m.players.length < 2 ? <p class="muted">A head-to-head needs two players on the trip.</p> : <HeatMap tripId={tripId} matrix={m} />)}
        </QueryView>
      </section>
      <RivalriesView tripId={tripId} />
    </>
  );
}

export function AnalyticsScreen({ trip, query }: TripScreenProps) {
  const tripId = trip.id;
  const asked = query.get('view');
  const view: View = VIEWS.some((v) => v.view === asked) ? (asked as View) : 'overview';
  const a = query.get('a');
  const b = query.get('b');
  return (
    <>
      <div class="page-head">
        <div>
          <h2>Analytics</h2>
          <p class="muted">Who played well, who beat whom, and whether the tee times were fair. Figures come from completed cards (a score on every hole); net is at the 95 % stroke play allowance, as on the net board.</p>
        </div>
      </div>
      <nav class="subnav" aria-label="Analytics views">
        <ul>
          {VIEWS.map((v) => (
            <li key={v.view}>
              <a href={href('tripAnalytics', { tripId }, v.view === 'overview' ? {} : { view: v.view })} aria-current={v.view === view ? 'page' : undefined}>
                {v.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'overview' ? <Overview tripId={tripId} /> : null}
      {view === 'head-to-head' && a && b && a !== b ? <PairView key={`${a}-${b}`} tripId={tripId} a={a} b={b} /> : null}
      {view === 'head-to-head' && !(a && b && a !== b) ? <HeadToHeadView tripId={tripId} /> : null}
      {view === 'fairness' ? <FairnessView tripId={tripId} /> : null}
    </>
  );
}
