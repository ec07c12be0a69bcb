/**
 * Activities with my RSVP. The list, places left and answers come from the phone's `activity:` documents; an answer
 * goes to the server (`PUT …/activities/:id/rsvp`), which checks the capacity in the same write: a yes past it is
 * 409 `activity_full`, shown as such. The server's answer is shown at once, before sync brings the document.
 */
import { useState } from 'preact/hooks';
import { useDocs, useTrip } from '../../state/hooks.js';
import { call, dayLabel, money, OfflineNote, Said, useTripInfo } from './common.js';
import type { Activity, ActivityDoc } from './types.js';

type Rsvps = ActivityDoc['rsvps'];
const ANSWERS = [
  ['yes', 'Yes'],
  ['maybe', 'Maybe'],
  ['no', 'No'],
] as const;
const WORD: Record<string, string> = { yes: 'Yes, I go', maybe: 'Maybe', no: 'No' };

export function Activities() {
  const { trip } = useTrip();
  const info = useTripInfo();
  const docs = useDocs<ActivityDoc>('activity');
  // The server's answer to my last write per activity, until the synced document is as new.
  const [fresh, setFresh] = useState<Record<string, { rsvps: Rsvps; updatedAt: string }>>({});
  const [said, setSaid] = useState<Record<string, { ok: boolean; text: string }>>({});
  const [busy, setBusy] = useState<string | null>(null);

  async function answer(a: ActivityDoc, response: 'yes' | 'no' | 'maybe' | null) {
    setBusy(a.id);
    const path = `activities/${a.id}/rsvp`;
    const r = await (response ? call<Activity>(trip, path, 'PUT', { response }) : call<Activity>(trip, path, 'DELETE'));
    setBusy(null);
    if (r.ok) {
      setFresh((f) => ({ ...f, [a.id]: { rsvps: r.body.rsvps, updatedAt: r.body.updatedAt } }));
      setSaid((s) => ({ ...s, [a.id]: { ok: true, text: response ? `Saved: ${WORD[response]}.` : 'Your answer was withdrawn.' } }));
    } else setSaid((s) => ({ ...s, [a.id]: { ok: false, text: r.message } }));
  }

  const list = [...(docs ?? [])].sort((a, b) => a.start.localeCompare(b.start) || a.name.localeCompare(b.name));
  return (
    <section aria-labelledby="act-h">
      <h1 id="act-h">Activities</h1>
      <OfflineNote />
      {docs === undefined ? <p role="status">Loading…</p> : list.length === 0 ? <p>No activities planned yet.</p> : null}
      <ul class="cards">
        {list.map((a) => {
          const f = fresh[a.id];
          const rsvps = f && f.updatedAt >= a.updatedAt ? f.rsvps : a.rsvps;
          const mine = rsvps.find((x) => x.playerId === trip.playerId)?.response;
          const yes = rsvps.filter((x) => x.response === 'yes').length;
          const maybe = rsvps.filter((x) => x.response === 'maybe').length;
          const left = a.capacity == null ? null : Math.max(0, a.capacity - yes);
          const full = left === 0;
          return (
            <li key={a.id} class="card activity" data-testid={`activity-${a.id}`} data-full={full ? 'true' : 'false'} data-mine={mine ?? ''}>
              <h2>
                {a.name} {full ? <span class="badge bad" data-testid="full">Full</span> : null}
              </h2>
              <p>
                {dayLabel(a.start.slice(0, 10))}, {a.start.slice(11, 16)}
                {a.end ? `–${a.end.slice(0, 10) === a.start.slice(0, 10) ? a.end.slice(11, 16) : `${dayLabel(a.end.slice(0, 10))} ${a.end.slice(11, 16)}`}` : ''}
                {a.location ? ` · ${a.location}` : ''}
              </p>
              {a.description ? <p class="muted">{a.description}</p> : null}
              <p aria-live="polite" data-testid="places">
                {yes} going{maybe ? `, ${maybe} maybe` : ''}
                {a.capacity != null ? ` · ${full ? 'no places left' : `${left} of ${a.capacity} places left`}` : ''}
                {a.costPerPersonCents != null ? ` · ${money(a.costPerPersonCents, info.currency)} per person` : ''}
              </p>
              <p>
                Your answer: <strong data-testid="my-rsvp">{mine ? WORD[mine] : 'not answered'}</strong>
              </p>
              <div class="rsvp" role="group" aria-label={`Your answer for ${a.name}`}>
                {ANSWERS.map(([value, label]) => (
                  <button key={value} type="button" class={mine === value ? undefined : 'secondary'} aria-pressed={mine === value} disabled={busy === a.id} onClick={() => answer(a, value)} data-testid={`rsvp-${value}`}>
                    {label}
                  </button>
                ))}
              </div>
              {mine ? (
                <button type="button" class="secondary linkish" disabled={busy === a.id} onClick={() => answer(a, null)}>
                  Withdraw my answer
                </button>
              ) : null}
              <Said said={said[a.id]} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
