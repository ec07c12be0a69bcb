/**
 * The Trip tab (`trip/<section>`): the schedule, activities with RSVP, the ride board, my availability and the
 * trip's reports. Everything reads the phone's documents (so it opens offline). My availability and my own ride
 * requests are written on the phone and synced (offline too); writes the server must check (a place, a seat, an RSVP)
 * go over the portal REST API and say so clearly without signal.
 */
import type { ComponentType } from 'preact';
import type { ScreenProps } from '../../router.js';
import { href } from '../../router.js';
import { useTrip } from '../../state/hooks.js';
import { Schedule } from './schedule.js';
import { Activities } from './activities.js';
import { Rides } from './rides.js';
import { AvailabilitySection } from './availability.js';
import { Reports } from './reports.js';
import type { SectionProps } from './types.js';

const SECTIONS: { id: string; label: string; view: ComponentType<SectionProps> }[] = [
  { id: 'schedule', label: 'Schedule', view: Schedule },
  { id: 'activities', label: 'Activities', view: Activities },
  { id: 'rides', label: 'Rides', view: Rides },
  { id: 'availability', label: 'Availability', view: AvailabilitySection },
  { id: 'reports', label: 'Reports', view: Reports },
];

export function TripScreen({ route }: ScreenProps) {
  const { kept } = useTrip();
  const [wanted, ...rest] = route.rest;
  const section = SECTIONS.find((s) => s.id === wanted) ?? SECTIONS[0]!;
  const View = section.view;
  return (
    <div class="trip-tab" data-testid={`trip-${section.id}`}>
      <nav class="trip-sections" aria-label="Trip sections">
        {SECTIONS.map((s) => (
          <a key={s.id} href={href(kept.key, 'trip', s.id)} class={s === section ? 'active' : undefined} aria-current={s === section ? 'page' : undefined}>
            {s.label}
          </a>
        ))}
      </nav>
      <View rest={rest} />
    </div>
  );
}
