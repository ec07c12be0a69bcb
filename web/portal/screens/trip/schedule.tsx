/**
 * The trip day by day, on the trip's clock: each round with its course and my group (tee time, starting hole,
 * partners), each activity with my answer, and the rides I drive or sit in. All from the phone's documents.
 */
import { useDocs, useTrip } from '../../state/hooks.js';
import { href } from '../../router.js';
import { dayLabel, daysOf, nameOf, OfflineNote, todayIn, usePlayerNames, useTripInfo } from './common.js';
import type { ComponentChildren } from 'preact';
import type { ActivityDoc, OfferDoc, RoundDoc } from './types.js';
import { groupTeeTime } from '../../../../shared/domain/tee-start.js';

interface Item {
  key: string;
  time: string;
  node: ComponentChildren;
}

const RSVP_WORD: Record<string, string> = { yes: 'You go', no: 'You do not go', maybe: 'You said maybe' };

export function Schedule() {
  const { trip, kept } = useTrip();
  const info = useTripInfo();
  const names = usePlayerNames();
  const rounds = useDocs<RoundDoc>('round');
  const activities = useDocs<ActivityDoc>('activity');
  const offers = useDocs<OfferDoc>('rideoffer');
  const me = trip.playerId;
  const today = todayIn(info.timezone);
  const phoneZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const byDay = new Map<string, Item[]>();
  const add = (day: string, item: Item) => byDay.set(day, [...(byDay.get(day) ?? []), item]);

  for (const r of rounds ?? []) {
    const group = r.groups.find((g) => g.playerIds.includes(me));
    // My group's tee time; the round's first tee time is not every group's (groupTeeTime), only the round's own start.
    const groupTime = group ? groupTeeTime(r.groups, group, r.startTime) : null;
    const time = group ? (groupTime ?? '') : (r.startTime ?? '');
    const partners = group?.playerIds.filter((p) => p !== me).map((p) => nameOf(names, p)) ?? [];
    const plays = r.playerIds.includes(me) || !!group;
    add(r.date, {
      key: `r${r.id}`,
      time,
      node: (
        <div class="sched-item round" data-testid={`sched-round-${r.id}`}>
          <h3>
            {time ? <span class="sched-time">{time}</span> : null} {r.name}
          </h3>
          {r.course ? <p>{r.course.name}</p> : null}
          {!plays ? (
            <p class="muted">You are not in this round.</p>
          ) : group ? (
            <p data-testid="my-group">
              Group {group.number}
              {groupTime ? `, tee time ${groupTime}` : ', tee time not set yet'}
              {`, starting hole ${group.startingHole ?? 1}`}
              {partners.length ? ` · with ${partners.join(', ')}` : ''}
            </p>
          ) : (
            <p class="muted">Groups are not drawn yet.</p>
          )}
          {plays && (r.state === 'ready' || r.state === 'in_progress') ? <a href={href(kept.key, 'scorecard', r.id)}>Scorecard</a> : null}
          {r.state === 'completed' ? <span class="badge">Finished</span> : null}
        </div>
      ),
    });
  }
  for (const a of activities ?? []) {
    const mine = a.rsvps.find((x) => x.playerId === me)?.response;
    add(a.start.slice(0, 10), {
      key: `a${a.id}`,
      time: a.start.slice(11, 16),
      node: (
        <div class="sched-item">
          <h3>
            <span class="sched-time">{a.start.slice(11, 16)}</span> {a.name}
          </h3>
          {a.location ? <p>{a.location}</p> : null}
          <p>
            <a href={href(kept.key, 'trip', 'activities')}>{mine ? RSVP_WORD[mine] : 'Not answered yet'}</a>
          </p>
        </div>
      ),
    });
  }
  for (const o of offers ?? []) {
    const seat = o.passengers.some((p) => p.playerId === me);
    if (o.driverId !== me && !seat) continue;
    add(o.departureTime.slice(0, 10), {
      key: `o${o.id}`,
      time: o.departureTime.slice(11, 16),
      node: (
        <div class="sched-item">
          <h3>
            <span class="sched-time">{o.departureTime.slice(11, 16)}</span> Ride to {o.destination}
          </h3>
          <p>
            From {o.origin}, {o.driverId === me ? 'you drive' : `with ${nameOf(names, o.driverId)}`}
          </p>
        </div>
      ),
    });
  }

  const tripDays = daysOf(info.startDate, info.endDate);
  const days = [...new Set([...tripDays, ...byDay.keys()])].sort();
  return (
    <section aria-labelledby="sched-h">
      <h1 id="sched-h">Schedule</h1>
      <p class="muted" data-testid="trip-zone">
        Times are local to the trip ({info.timezone}){phoneZone && phoneZone !== info.timezone ? `; this phone is set to ${phoneZone}` : ''}.
      </p>
      <OfflineNote />
      {rounds === undefined ? <p role="status">Loading…</p> : null}
      {days.map((day) => {
        const items = (byDay.get(day) ?? []).sort((a, b) => a.time.localeCompare(b.time));
        return (
          <section key={day} class={`card sched-day${day === today ? ' today' : ''}`} aria-labelledby={`d-${day}`} data-testid={`day-${day}`}>
            <h2 id={`d-${day}`}>
              {dayLabel(day)} {day === today ? <span class="badge">Today</span> : null}
            </h2>
            {items.length ? items.map((i) => <div key={i.key}>{i.node}</div>) : <p class="muted">Nothing planned.</p>}
          </section>
        );
      })}
    </section>
  );
}
