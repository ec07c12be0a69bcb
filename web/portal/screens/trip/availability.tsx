/**
 * My availability: the days of the trip I can come, per round yes or no where it differs from the day, and a note.
 * Shown from my `availability:<me>` document on the phone and saved there (`trip.putDoc`), as the server's
 * `PUT …/availability/me` would store it: it works without signal, shows at once, and sync sends it (the gateway's
 * write rule judges it; a refusal shows with its reason). What I ticked stays on the screen when saving fails.
 */
import { useState } from 'preact/hooks';
import { roundAnswer } from '../../../../shared/domain/availability/summary.js';
import type { TripDocument } from '../../../../sync/device/index.js';
import { useDocs, useOnline, useTrip } from '../../state/hooks.js';
import { age, dayLabel, daysOf, Delivery, OfflineNote, putLocal, Said, useTripInfo } from './common.js';
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

/**
 * My answer merged over what the phone has (kept from the server: `createdAt`, fields I did not send), exactly as the
 * server's availability service writes it: days sorted, rounds merged, `updatedBy` me, `updatedAt` now.
 */
export function availabilityDoc(playerId: string, current: AvailabilityDoc | undefined, input: { days?: string[]; rounds?: Record<string, boolean>; note?: string }, now: string): AvailabilityDoc {
  const base: AvailabilityDoc = current ?? { _id: `availability:${playerId}`, type: 'availability', id: playerId, createdAt: now, updatedAt: now, playerId, updatedBy: { kind: 'player', id: playerId } };
  const { _rev: _ignored, ...kept } = base;
  return {
    ...kept,
    ...(input.days !== undefined ? { days: [...input.days].sort() } : {}),
    ...(input.rounds !== undefined ? { rounds: { ...base.rounds, ...input.rounds } } : {}),
    ...(input.note !== undefined ? { note: input.note } : {}),
    updatedBy: { kind: 'player', id: playerId },
    updatedAt: now,
  };
}

export function AvailabilitySection() {
  const { trip } = useTrip();
  const info = useTripInfo();
  const docs = useDocs<AvailabilityDoc>('availability');
  const rounds = useDocs<RoundDoc>('round');
  const doc = docs?.find((d) => d.playerId === trip.playerId);
  const online = useOnline();
  // What the phone has. Until I change something, the form follows it (sync may bring an answer an organizer gave for me).
  const stored = fromDoc(doc);
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
    const r = await putLocal(trip, availabilityDoc(trip.playerId, doc, body, new Date().toISOString()) as unknown as TripDocument);
    setBusy(false);
    if (r.ok) {
      setDraft(null);
      setSaid({ ok: true, text: online ? 'Your availability is saved.' : 'Your availability is saved on this phone. It goes to the server when you have signal.' });
    } else setSaid({ ok: false, text: r.message });
  }

  const sortedRounds = [...(rounds ?? [])].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  return (
    <section aria-labelledby="av-h">
      <h1 id="av-h">My availability</h1>
      <OfflineNote what="This is your answer as the phone has it" />
      <p data-testid="av-state">{stored.days === null && !Object.keys(stored.rounds).length ? 'You have not answered yet.' : `Answered ${age(stored.updatedAt)}.`}</p>
      {doc ? <Delivery docId={`availability:${trip.playerId}`} updatedAt={doc.updatedAt} /> : null}
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
