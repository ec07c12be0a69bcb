/**
 * The Control room tab (issue 24): one round in play (`?round=<id>`; by default the round in play today), each group
 * with its holes completed, the holes still missing per player and when its phones were last heard from; groups
 * silent for longer than the organizer's threshold (`?quiet=<minutes>`) stand out. It keeps itself up to date (see
 * `api/control-room.ts` for how and why) and, without a network, keeps the last data on screen with its time.
 */
import { useEffect, useState } from 'preact/hooks';
import { formatDay, plural } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { useControlRoom, type ControlRoom } from '../../api/control-room.js';
import { roundKeys, useRounds, type Round } from '../../api/rounds.js';
import { useQueryClient } from '../../data/hooks.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { TripScreenProps } from '../../screen.js';
import { LoadFailed, Loading, QueryView } from '../../ui/query-view.js';
import { GroupCard } from './group-card.js';
import { MissingScores, RoomBoard } from './room-lists.js';
import { clockSeconds, HEARD_EVERY_S, isQuiet, QUIET_CHOICES, quietMinutes, SILENT_AFTER_MS, STALE_ANSWER_MS, todayIn, useNow } from './room-time.js';

const STATE_WORDS: Record<Round['state'], string> = { draft: 'Draft', ready: 'Ready to play', in_progress: 'In play', completed: 'Completed' };

/** The round in play today; else one of today's; else any round in play; else none. */
export function defaultRound(rounds: Round[], today: string): Round | undefined {
  const byTee = [...rounds].sort((a, b) => (a.date + a.name < b.date + b.name ? -1 : 1));
  return (
    byTee.find((r) => r.date === today && r.state === 'in_progress') ??
    byTee.find((r) => r.date === today && r.state !== 'draft') ??
    byTee.find((r) => r.state === 'in_progress')
  );
}

export function ControlRoomScreen({ trip, query }: TripScreenProps) {
  const rounds = useRounds(trip.id);
  return (
    <>
      <div class="page-head">
        <div>
          <h2>Control room</h2>
          <p class="muted">Where each group is, what is missing, and whose phones have gone quiet. It updates by itself every few seconds.</p>
          <p class="muted small room-threshold">
            A phone counts as <strong>silent</strong> when the server has not heard from it for {SILENT_AFTER_MS / 1000} seconds. The golfers' app, open with signal, checks in at least every {HEARD_EVERY_S} seconds, so a silent phone has lost its signal or closed the app.
          </p>
        </div>
      </div>
      <QueryView query={rounds} loading="Loading the rounds…">
        {(list) => <RoomForRounds tripId={trip.id} zone={trip.timezone} rounds={list.items} query={query} />}
      </QueryView>
    </>
  );
}

function setQuery(tripId: string, query: URLSearchParams, patch: Record<string, string | number | null>) {
  const next: Record<string, string> = Object.fromEntries(query.entries());
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete next[k];
    else next[k] = String(v);
  }
  navigate(href('tripControlRoom', { tripId }, next), true);
}

function RoomForRounds({ tripId, zone, rounds, query }: { tripId: string; zone: string; rounds: Round[]; query: URLSearchParams }) {
  const asked = query.get('round');
  const playable = rounds.filter((r) => r.state !== 'draft');
  const chosen = asked ? rounds.find((r) => r.id === asked) : defaultRound(rounds, todayIn(zone));
  const quietMin = quietMinutes(query);
  if (playable.length === 0) {
    return (
      <div class="card empty">
        <h3>No round to follow yet</h3>
        <p>
          The control room follows a round once it is ready to play. Make a round ready in <a href={href('tripRounds', { tripId })}>Rounds</a>.
        </p>
      </div>
    );
  }
  return (
    <>
      <div class="room-controls">
        <label class="field-inline">
          <span>Round</span>
          <select value={chosen?.id ?? ''} onChange={(e) => setQuery(tripId, query, { round: (e.target as HTMLSelectElement).value || null })}>
            {chosen ? null : <option value="">Choose a round…</option>}
            {playable.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name} — {formatDay(r.date, 'en')} ({STATE_WORDS[r.state]})
              </option>
            ))}
          </select>
        </label>
        <label class="field-inline">
          <span>Flag a group silent for more than</span>
          <select value={String(quietMin)} onChange={(e) => setQuery(tripId, query, { quiet: (e.target as HTMLSelectElement).value })}>
            {QUIET_CHOICES.map((m) => (
              <option key={m} value={String(m)}>
                {m} minutes
              </option>
            ))}
          </select>
        </label>
      </div>
      {asked && !chosen ? <p class="notice warn">That round is not in this trip any more. Choose another above.</p> : null}
      {chosen ? (
        <LiveRoom key={chosen.id} tripId={tripId} round={chosen} zone={zone} quietMin={quietMin} />
      ) : !asked ? (
        <div class="card empty">
          <h3>No round in play today</h3>
          <p>Choose a round above to see its groups.</p>
        </div>
      ) : null}
    </>
  );
}

function LiveRoom({ tripId, round, zone, quietMin }: { tripId: string; round: Round; zone: string; quietMin: number }) {
  const room = useControlRoom(tripId, round.id);
  const now = useNow();
  const client = useQueryClient();
  const roomState = room.data?.state;
  // The round moved on (its first score, completed): the round picker's list says so too.
  useEffect(() => {
    if (roomState && roomState !== round.state) void client.invalidate(roundKeys.list(tripId));
  }, [client, tripId, roomState, round.state]);
  // An answer kept from an earlier visit is not shown as the present: the room waits for this visit's first answer
  // (asked for at once), so a phone heard since is never shown silent from the old copy.
  const [openedAt] = useState(() => Date.now());
  const fromThisVisit = room.data !== undefined && room.updatedAt >= openedAt;
  if (room.data === undefined || (!fromThisVisit && room.error === undefined)) {
    if (room.status === 'error') return <LoadFailed error={room.error} retry={room.refetch} />;
    return <Loading what="Opening the control room…" />;
  }
  const offline = room.error !== undefined;
  // No fresh answer for a while without a failure (a slow server, a tab that was hidden): the answer shown is judged
  // as of its own time and says so, instead of phones turning "silent" against the clock while nothing new arrived.
  const late = !offline && now - room.updatedAt > STALE_ANSWER_MS;
  // Offline, the phones are judged as of the last answer: the dashboard's own lost network says nothing about theirs.
  return (
    <>
      <LiveLine offline={offline} late={late} error={room.error} updatedAt={room.updatedAt} zone={zone} />
      <RoomBody tripId={tripId} room={room.data} zone={zone} now={offline || late ? room.updatedAt : now} quietMin={quietMin} />
    </>
  );
}

/** Live, or the last data with its time and why it is not live. */
function LiveLine({ offline, late, error, updatedAt, zone }: { offline: boolean; late: boolean; error: unknown; updatedAt: number; zone: string }) {
  const time = clockSeconds(updatedAt, zone);
  if (late && !offline) {
    return (
      <p class="room-live" role="status">
        Updating… Showing the data of <span data-testid="room-updated">{time}</span> (trip time), and the phones as they were then.
      </p>
    );
  }
  if (offline) {
    const network = (error as { kind?: string } | null)?.kind === 'network';
    return (
      <div class="notice warn room-offline" role="alert">
        <p>
          <strong>{network ? 'Offline: the dashboard cannot reach the server.' : `Not updating: ${describeFailure(error)}`}</strong> Showing the data of{' '}
          <span data-testid="room-updated">{time}</span> (trip time), and the phones as they were then. It catches up by itself as soon as the server
          answers again.
        </p>
      </div>
    );
  }
  return (
    <p class="room-live" role="status">
      <span class="dot" aria-hidden="true" /> Live. Last updated <span data-testid="room-updated">{time}</span> (trip time).
    </p>
  );
}

function RoomBody({ tripId, room, zone, now, quietMin }: { tripId: string; room: ControlRoom; zone: string; now: number; quietMin: number }) {
  const quiet = room.groups.filter((g) => isQuiet(g, now, quietMin));
  const count = (status: string) => room.groups.filter((g) => g.status === status).length;
  const progress = room.roundOver
    ? 'The round is over.'
    : [`${count('playing')} playing`, `${count('finished')} finished`, ...(count('not_started') ? [`${count('not_started')} not started`] : [])].join(', ') + '.';
  return (
    <>
      <div class="room-summary">
        <p>
          <strong>{room.name}</strong>: {STATE_WORDS[room.state]}. {plural(room.groups.length, 'group')}: {progress}
        </p>
        {quiet.length > 0 ? (
          <p class="room-alert">
            {quiet.length === 1 ? '1 group has' : `${quiet.length} groups have`} been silent for more than {quietMin} minutes:{' '}
            {quiet.map((g) => `Group ${g.number ?? '?'}`).join(', ')}.
          </p>
        ) : null}
        {room.openDisputes > 0 ? (
          <p>
            <a href={href('tripScores', { tripId })}>
              {plural(room.openDisputes, 'disputed hole')} to settle in Disputes &amp; corrections
            </a>
          </p>
        ) : null}
      </div>
      {room.roundOver ? <MissingScores tripId={tripId} room={room} /> : null}
      <div class="room-layout">
        <div class="room-groups">
          {room.groups.length === 0 ? (
            <div class="card empty">
              <h3>No players in this round</h3>
              <p>Add players and groups to the round in Pairings.</p>
            </div>
          ) : (
            room.groups.map((g) => <GroupCard key={g.groupId ?? 'none'} tripId={tripId} roundId={room.roundId} group={g} holes={room.holes} zone={zone} now={now} quietMin={quietMin} />)
          )}
        </div>
        <RoomBoard tripId={tripId} room={room} />
      </div>
    </>
  );
}
