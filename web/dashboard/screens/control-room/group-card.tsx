/** One group of the control room: where it is, what it has not entered yet, when its phones were last heard from. */
import { plural } from '../../../common/format.js';
import type { RoomGroup, RoomPlayer } from '../../api/control-room.js';
import { href } from '../../paths.js';
import { clock, clockSeconds, duration, heard, isQuiet } from './room-time.js';

export interface GroupCardProps {
  tripId: string;
  roundId: string;
  group: RoomGroup;
  holes: number;
  zone: string;
  now: number;
  quietMin: number;
}

export function groupTitle(g: Pick<RoomGroup, 'number' | 'groupId'>): string {
  return g.groupId === null ? 'Players in no group' : `Group ${g.number ?? '?'}`;
}

function statusWords(g: RoomGroup, holes: number): { text: string; tone: string } {
  if (g.status === 'finished') return { text: `Finished (${holes} holes)`, tone: 'green' };
  if (g.status === 'not_started') return { text: 'Not started', tone: '' };
  const extra = g.holesPlayed > g.thru ? ` · ${g.holesPlayed} holes scored` : '';
  return { text: `Thru ${g.thru}${extra}`, tone: 'green' };
}

/** The group's phones in one sentence. */
function GroupHeard({ g, zone, now }: { g: RoomGroup; zone: string; now: number }) {
  const h = heard(g.lastHeardAt, now);
  if (h.kind === 'never') return <p class="room-heard never">No phone of this group has been heard from yet.</p>;
  if (h.kind === 'online') {
    return (
      <p class="room-heard online">
        <span class="dot" aria-hidden="true" /> Phones online: last heard {clockSeconds(h.at, zone)} ({duration(h.ageMs)} ago).
      </p>
    );
  }
  return (
    <p class="room-heard silent">
      <span class="dot" aria-hidden="true" /> <strong>Phones silent since {clock(h.at, zone)}</strong> ({duration(h.ageMs)}). They are probably out of signal: what
      they enter meanwhile arrives when they are back.
    </p>
  );
}

function PlayerPhone({ p, zone, now }: { p: RoomPlayer; zone: string; now: number }) {
  const h = heard(p.lastHeardAt, now);
  if (h.kind === 'never') return <span class="muted">Never opened</span>;
  if (h.kind === 'online') return <span>Heard {clockSeconds(h.at, zone)}</span>;
  return <span class="room-silent-text">Silent since {clock(h.at, zone)}</span>;
}

function MissingHoles({ tripId, roundId, p }: { tripId: string; roundId: string; p: RoomPlayer }) {
  if (p.missingHoles.length === 0) return <span class="muted">None</span>;
  const card = `${roundId}-${p.playerId}`;
  return (
    <ul class="room-holes" aria-label={`Holes ${p.name} is missing`}>
      {p.missingHoles.map((hole) => (
        <li key={hole}>
          <a href={href('tripScores', { tripId }, { card, hole })} aria-label={`Hole ${hole} of ${p.name}`}>
            {hole}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function GroupCard({ tripId, roundId, group: g, holes, zone, now, quietMin }: GroupCardProps) {
  const id = `room-group-${g.groupId ?? 'none'}`;
  const quiet = isQuiet(g, now, quietMin);
  const status = statusWords(g, holes);
  const missing = g.players.reduce((n, p) => n + p.missingHoles.length, 0);
  const h = heard(g.lastHeardAt, now);
  return (
    <section class={`card room-group${quiet ? ' quiet' : ''}`} aria-labelledby={id} data-group={g.groupId ?? ''}>
      <div class="room-group-head">
        <h3 id={id}>{groupTitle(g)}</h3>
        <span class="muted">
          {g.teeTime ? `${g.teeTime} · ` : ''}from hole {g.startingHole}
        </span>
        <span class={`badge ${status.tone}`}>{status.text}</span>
        {missing > 0 ? <span class="badge amber">{plural(missing, 'score')} missing</span> : null}
      </div>
      {quiet && h.kind === 'silent' ? (
        <p class="room-alert">
          Quiet for {duration(h.ageMs)}, longer than your {quietMin} min limit. Call the group if they should have signal.
        </p>
      ) : null}
      <GroupHeard g={g} zone={zone} now={now} />
      <div class="table-wrap">
        <table class="table compact room-stack">
          <caption class="visually-hidden">Players of {groupTitle(g)}</caption>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col" class="num">
                Holes entered
              </th>
              <th scope="col">Missing holes</th>
              <th scope="col">Phone</th>
            </tr>
          </thead>
          <tbody>
            {g.players.map((p) => (
              <tr key={p.playerId} data-player={p.playerId}>
                <th scope="row">{p.name}</th>
                <td class="num" data-label="Holes entered">
                  {p.holesEntered}
                </td>
                <td data-label="Missing">
                  <MissingHoles tripId={tripId} roundId={roundId} p={p} />
                </td>
                <td data-label="Phone">
                  <PlayerPhone p={p} zone={zone} now={now} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
