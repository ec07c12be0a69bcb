/**
 * The disputes inbox: every hole two phones scored differently, the values in disagreement (each phone's latest) with
 * whose phone entered them and when, the one that counts marked; settling one goes through the fix form (value and
 * reason → what it changes → Apply).
 */
import { useState } from 'preact/hooks';
import { plural } from '../../../common/format.js';
import type { Trip } from '../../api/types.js';
import { useDisputes, type Score } from '../../api/score-fixes.js';
import { href } from '../../paths.js';
import { QueryView } from '../../ui/query-view.js';
import { FixForm } from './fix-form.js';
import { devicesInWords, disputeChoices, disputeValues, enteredByName, strokesLong, strokesText, whenText } from './score-words.js';

export interface Names {
  player: (id: string) => string;
  players: ReadonlyMap<string, string>;
  round: (id: string) => string;
}

export function DisputesInbox({ trip, names }: { trip: Trip; names: Names }) {
  const disputes = useDisputes(trip.id);
  const [open, setOpen] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section aria-labelledby="disputes-title">
      <h3 id="disputes-title">Disputes</h3>
      <p class="muted">
        When two phones enter different scores for the same hole, every phone shows the latest entry and the hole waits here. Check the paper card or ask
        the group, then settle it: you see what the right value changes before you apply it.
      </p>
      {done ? (
        <p class="notice" role="status">
          {done}
        </p>
      ) : null}
      <QueryView query={disputes} loading="Loading the disputes…">
        {(items) =>
          items.length === 0 ? (
            <div class="card empty">
              <h4>No disputes</h4>
              <p>Every hole has one value. A hole two phones score differently shows up here by itself.</p>
            </div>
          ) : (
            <>
              <p>
                <strong>{plural(items.length, 'hole')}</strong> to settle.
              </p>
              <ul class="dispute-list">
                {items.map((d) => (
                  <DisputeItem
                    key={d.id}
                    trip={trip}
                    dispute={d}
                    names={names}
                    open={open === d.id}
                    onOpen={() => (setDone(null), setOpen(d.id))}
                    onClose={() => setOpen(null)}
                    onSettled={(s) => {
                      setOpen(null);
                      setDone(`Hole ${s.hole} of ${names.player(s.playerId)} is settled at ${strokesText(s.strokes)}. The boards, games and money follow; every phone gets it at its next sync.`);
                    }}
                  />
                ))}
              </ul>
            </>
          )
        }
      </QueryView>
    </section>
  );
}

function DisputeItem({ trip, dispute: d, names, open, onOpen, onClose, onSettled }: { trip: Trip; dispute: Score; names: Names; open: boolean; onOpen: () => void; onClose: () => void; onSettled: (s: Score) => void }) {
  const values = disputeValues(d);
  const enteredOn = devicesInWords([d, ...d.history], (by) => enteredByName(by, names.players));
  const player = names.player(d.playerId);
  const headId = `dispute-${d.id.replace(/\W/g, '-')}`;
  return (
    <li class="card dispute-item" aria-labelledby={headId}>
      <div class="dispute-head">
        <h4 id={headId}>
          {player}, hole {d.hole}
        </h4>
        <span class="muted">{names.round(d.roundId)}</span>
      </div>
      <div class="table-wrap" tabIndex={0} role="region" aria-label={`Values of hole ${d.hole}, ${player}`}>
      <table class="table compact dispute-values">
        <caption class="visually-hidden">The values entered for hole {d.hole} of {player}</caption>
        <thead>
          <tr>
            <th scope="col">Value</th>
            <th scope="col">Entered on</th>
            <th scope="col">When</th>
            <th scope="col">Counts</th>
          </tr>
        </thead>
        <tbody>
          {values.map((v) => (
            <tr key={`${v.deviceId}-${v.enteredAt}`} class={v.counts ? 'current' : undefined}>
              <td>
                <strong>{strokesLong(v.strokes)}</strong>
              </td>
              <td>{enteredOn(v)}</td>
              <td>{whenText(v.enteredAt, trip)}</td>
              <td>{v.counts ? <span class="badge amber">counts now</span> : <span class="muted">not counted</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {open ? (
        <FixForm
          tripId={trip.id}
          roundId={d.roundId}
          target={{ scorecardId: d.scorecardId, hole: d.hole, dispute: true }}
          playerName={player}
          currency={trip.currency}
          nameOf={names.player}
          current={d.strokes}
          candidates={disputeChoices(values).map((v) => ({ ...v, where: enteredOn(v) }))}
          onApplied={onSettled}
          onCancel={onClose}
        />
      ) : (
        <div class="actions">
          <button type="button" onClick={onOpen}>
            Settle this hole…
          </button>
          <a class="button secondary" href={href('tripScores', { tripId: trip.id }, { card: d.scorecardId, hole: d.hole })}>
            The card and its history
          </a>
        </div>
      )}
    </li>
  );
}
