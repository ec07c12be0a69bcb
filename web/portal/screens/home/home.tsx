/**
 * Trip home: today's round (in the trip's time zone), my group and partners, tee time and starting hole, a big
 * "Enter scores" button, and what comes next on the schedule — all from the documents on the phone, offline too.
 */
import type { ActivityDoc } from '../../../../shared/schemas/activity.js';
import type { PlayerDoc } from '../../../../shared/schemas/player.js';
import type { RoundDoc } from '../../../../shared/schemas/round.js';
import type { TeeBookingDoc, TeeSlotDoc } from '../../../../shared/schemas/tee-booking.js';
import type { ScreenProps } from '../../router.js';
import { useDocs, useStatus, useTrip } from '../../state/hooks.js';
import { href } from '../../router.js';
import { currentRound, dayLabel, FORMAT_LABEL, groupOf, myTeeTime, plays, tripNow } from './rounds.js';
import './home.css';

interface Upcoming {
  key: string;
  when: string;
  date: string;
  time?: string | undefined;
  title: string;
  detail?: string | undefined;
  link?: string | undefined;
}

export function HomeScreen(_: ScreenProps) {
  const { kept } = useTrip();
  const status = useStatus();
  const rounds = useDocs<RoundDoc>('round');
  const players = useDocs<PlayerDoc>('player');
  const activities = useDocs<ActivityDoc>('activity');
  const bookings = useDocs<TeeBookingDoc>('teebooking');
  const slots = useDocs<TeeSlotDoc>('teeslot');
  const me = kept.playerId;
  const zone = kept.session.trip.timezone;
  const now = tripNow(zone);

  if (!rounds || !players) return <p role="status">Loading your trip…</p>;
  const name = (id: string) => players.find((p) => p.id === id)?.name ?? 'Player';
  const round = currentRound(rounds, me, now.date);
  if (rounds.length === 0 && players.length === 0) {
    return (
      <section class="home">
        <h1>Welcome, {kept.playerName}</h1>
        <p role="status">{status.state === 'offline' ? 'No signal yet: your trip appears here once the phone has synced once.' : 'Getting your trip from the server…'}</p>
      </section>
    );
  }

  const upcoming: Upcoming[] = [];
  for (const r of rounds) {
    if (r.id === round?.id || r.date < now.date || r.state === 'completed' || !(plays(r, me) || kept.session.player.role === 'organizer')) continue;
    const t = myTeeTime(r, me, bookings ?? [], slots ?? []);
    upcoming.push({ key: `r-${r.id}`, when: `${r.date}T${t ?? '00:00'}`, date: r.date, time: t, title: r.name, detail: r.course?.name, link: r.state === 'draft' ? undefined : href(kept.key, 'scorecard', r.id) });
  }
  for (const a of activities ?? []) {
    if (a.start.slice(0, 16) < `${now.date}T${now.time}`) continue;
    const mine = a.rsvps.find((x) => x.playerId === me)?.response;
    upcoming.push({ key: `a-${a.id}`, when: a.start, date: a.start.slice(0, 10), time: a.start.slice(11, 16), title: a.name, detail: [a.location, mine ? `you said ${mine}` : 'not answered yet'].filter(Boolean).join(' · '), link: href(kept.key, 'trip') });
  }
  upcoming.sort((a, b) => a.when.localeCompare(b.when));

  return (
    <section class="home">
      <h1>Hi {kept.playerName.split(' ')[0]}</h1>
      {round ? <RoundCard round={round} today={now.date} name={name} tee={myTeeTime(round, me, bookings ?? [], slots ?? [])} /> : <p class="card">No round is planned for you yet.</p>}
      <h2>Coming up</h2>
      {upcoming.length === 0 ? (
        <p class="muted">Nothing else on the schedule.</p>
      ) : (
        <ul class="list upcoming" data-testid="upcoming">
          {upcoming.slice(0, 6).map((u) => (
            <li key={u.key}>
              <div class="when">
                <strong>{u.date === now.date ? 'Today' : dayLabel(u.date)}</strong>
                {u.time && <span>{u.time}</span>}
              </div>
              <div class="what">
                {u.link ? <a href={u.link}>{u.title}</a> : <strong>{u.title}</strong>}
                {u.detail && <span class="muted">{u.detail}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RoundCard({ round, today, name, tee }: { round: RoundDoc; today: string; name: (id: string) => string; tee: string | undefined }) {
  const { kept } = useTrip();
  const group = groupOf(round, kept.playerId);
  const partners = group?.playerIds.filter((id) => id !== kept.playerId) ?? [];
  const heading = round.date === today ? "Today's round" : round.date > today ? 'Next round' : 'Last round';
  const canScore = round.state === 'ready' || round.state === 'in_progress';
  return (
    <article class="card round-card" data-testid="today-round" aria-labelledby="round-heading">
      <p class="eyebrow">{heading} · {dayLabel(round.date)}</p>
      <h2 id="round-heading">{round.name}</h2>
      <p class="muted">{[round.course?.name, FORMAT_LABEL[round.format]].filter(Boolean).join(' · ')}</p>
      <dl class="facts">
        <div>
          <dt>Tee time</dt>
          <dd data-testid="tee-time">{tee ?? 'not set'}</dd>
        </div>
        <div>
          <dt>Starting hole</dt>
          <dd data-testid="starting-hole">{group?.startingHole ?? 1}</dd>
        </div>
        <div>
          <dt>Group</dt>
          <dd>{group ? group.number : '–'}</dd>
        </div>
      </dl>
      {group ? (
        <p data-testid="partners">
          <span class="muted">Playing with </span>
          {partners.length ? partners.map(name).join(', ') : 'nobody yet'}
        </p>
      ) : (
        <p class="muted">You are not in a group of this round.</p>
      )}
      {round.state === 'draft' ? (
        <p class="muted">The organizer has not opened this round for scoring yet.</p>
      ) : (
        <a class="button big" href={href(kept.key, 'scorecard', round.id)} data-testid="enter-scores">
          {canScore ? 'Enter scores' : 'See the scorecard'}
        </a>
      )}
    </article>
  );
}
