/**
 * My availability: the days of the trip I can come, per round yes or no where it differs from the day, and a note.
 * Shown from my `availability:<me>` document on the phone; saved with `PUT …/availability/me` (the server checks the
 * days and rounds against the trip). What I ticked stays on the screen when saving fails.
 */
import { useState } from 'preact/hooks';
import { roundAnswer } from '../../../../shared/domain/availability/summary.js';
import { useDocs, useTrip } from '../../state/hooks.js';
import { age, call, dayLabel, daysOf, OfflineNote, Said, useTripInfo } from './common.js';
import type { AvailabilityDoc, RoundDoc } from './types.js';

interface Answer {
  days: string[] | null;
  rounds: Record<string, boolean>;
  note: string;
  updatedAt: string | null;
}

const fromDoc = (d: Pick<AvailabilityDoc, 'days' | 'rounds' | 'note' | 'updatedAt'> | undefined): Answer => ({
  days: d?.days ?? null,
  rounds: d?.rounds ?? {},
  note: d?.note ?? '',
  updatedAt: d?.updatedAt ?? null,
});

export function AvailabilitySection() {
  const { trip } = useTrip();
  const info = useTripInfo();
  const docs = useDocs<AvailabilityDoc>('availability');
  const rounds = useDocs<RoundDoc>('round');
  const doc = docs?.find((d) => d.playerId === trip.playerId);
  const [saved, setSaved] = useState<Answer | null>(null);
  // What the server has: its answer to my last save until sync brings a document as new. Until I change something,
  // the form follows it (sync may bring an answer an organizer gave for me).
  const stored = saved && (!doc || (saved.updatedAt ?? '') >= doc.updatedAt) ? saved : fromDoc(doc);
  const [draft, setDraft] = useState<Answer | null>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = draft ?? stored;
  const days = daysOf(info.startDate, info.endDate);
  const ticked = new Set(shown.days ?? []);
  const edit = (patch: Partial<Answer>) => {
    setDraft({ ...shown, ...patch });
    setSaid(null);
  };
  const toggle = (day: string) => {
    const next = new Set(ticked);
    if (next.has(day)) next.delete(day);
    else next.add(day);
    edit({ days: days.filter((d) => next.has(d)) });
  };

  async function save(e: Event) {
    e.preventDefault();
    const changedRounds = Object.fromEntries(Object.entries(shown.rounds).filter(([id, v]) => stored.rounds[id] !== v));
    // Days never ticked are not sent: an empty list would say "I cannot come on any day".
    if (shown.days === null && !Object.keys(changedRounds).length && !shown.note.trim()) return setSaid({ ok: false, text: 'Tick the days you can come, then save.' });
    setBusy(true);
    const body = { ...(shown.days ? { days: shown.days } : {}), note: shown.note.trim(), ...(Object.keys(changedRounds).length ? { rounds: changedRounds } : {}) };
    const r = await call<{ days: string[] | null; rounds: Record<string, boolean>; note: string | null; updatedAt: string | null }>(trip, 'availability/me', 'PUT', body);
    setBusy(false);
    if (r.ok) {
      setSaved({ days: r.body.days, rounds: r.body.rounds, note: r.body.note ?? '', updatedAt: r.body.updatedAt });
      setDraft(null);
      setSaid({ ok: true, text: 'Your availability is saved.' });
    } else setSaid({ ok: false, text: r.message });
  }

  const sortedRounds = [...(rounds ?? [])].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  return (
    <section aria-labelledby="av-h">
      <h1 id="av-h">My availability</h1>
      <OfflineNote what="This is your answer as the phone has it" />
      <p data-testid="av-state">{stored.days === null && !Object.keys(stored.rounds).length ? 'You have not answered yet.' : `Answered ${age(stored.updatedAt)}.`}</p>
      <form onSubmit={save} noValidate>
        <fieldset class="card">
          <legend>Days I can come</legend>
          {days.map((day) => (
            <div class="check" key={day}>
              <input type="checkbox" id={`av-${day}`} checked={ticked.has(day)} onChange={() => toggle(day)} data-testid={`av-day-${day}`} />
              <label for={`av-${day}`}>{dayLabel(day)}</label>
            </div>
          ))}
          <button type="button" class="secondary" onClick={() => edit({ days: ticked.size === days.length ? [] : days })}>
            {ticked.size === days.length ? 'Clear all days' : 'I can come every day'}
          </button>
        </fieldset>
        {sortedRounds.length ? (
          <fieldset class="card">
            <legend>Rounds</legend>
            {sortedRounds.map((r) => {
              const explicit = shown.rounds[r.id];
              const fromDay = roundAnswer({ playerId: trip.playerId, days: shown.days ?? undefined }, r);
              return (
                <div key={r.id}>
                  <label for={`av-r-${r.id}`}>
                    {r.name}, {dayLabel(r.date)}
                  </label>
                  <select
                    id={`av-r-${r.id}`}
                    value={explicit === undefined ? '' : explicit ? 'yes' : 'no'}
                    onChange={(e) => {
                      const v = (e.target as HTMLSelectElement).value;
                      const next = { ...shown.rounds };
                      if (v === '') delete next[r.id];
                      else next[r.id] = v === 'yes';
                      edit({ rounds: next });
                    }}
                  >
                    {stored.rounds[r.id] === undefined ? <option value="">As the day ({fromDay === 'available' ? 'can play' : fromDay === 'unavailable' ? 'cannot play' : 'not answered'})</option> : null}
                    <option value="yes">I can play</option>
                    <option value="no">I cannot play</option>
                  </select>
                </div>
              );
            })}
          </fieldset>
        ) : null}
        <label for="av-note">Note for the organizer (optional)</label>
        <textarea id="av-note" maxLength={500} rows={3} value={shown.note} onInput={(e) => edit({ note: (e.target as HTMLTextAreaElement).value })} />
        <button type="submit" class="wide" disabled={busy} data-testid="av-save">
          {busy ? 'Saving…' : 'Save my availability'}
        </button>
        {draft ? <p class="muted">Not saved yet.</p> : null}
        <Said said={said} />
      </form>
    </section>
  );
}
