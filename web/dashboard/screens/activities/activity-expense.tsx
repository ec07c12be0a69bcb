/**
 * "Turn into an expense": what it books is said before it is done (the amount, who shares it, who paid), then one
 * request (`POST …/activities/:id/expense`). It can be done once per activity.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { SelectField } from '../../../common/field.js';
import { formatMoney, listInWords, plural } from '../../../common/format.js';
import { useActivityExpense, type Activity } from '../../api/activities.js';
import type { Trip } from '../../api/types.js';
import { href } from '../../paths.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';

export function ExpenseDialog({ trip, activity, players, open, onClose }: { trip: Trip; activity: Activity; players: { id: string; name: string }[]; open: boolean; onClose: () => void }) {
  const book = useActivityExpense(trip.id);
  const going = activity.rsvps.filter((r) => r.response === 'yes').map((r) => r.playerId);
  const names = new Map(players.map((p) => [p.id, p.name]));
  const [payer, setPayer] = useState(going[0] ?? players[0]?.id ?? '');
  const [done, setDone] = useState<number | null>(null);
  const cost = activity.costPerPersonCents ?? 0;
  const money = (c: number) => formatMoney(c, trip.currency);
  return (
    <Dialog id="activity-expense" open={open} title={`Turn ${activity.name} into an expense?`} onClose={onClose}>
      {done !== null ? (
        <>
          <p class="notice" role="status">
            Booked: an expense of {money(done)} paid by {names.get(payer)}. It is in the <a href={href('tripMoney', { tripId: trip.id })}>Money</a> tab and counts in the next settlement.
          </p>
          <div class="actions">
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : (
        <>
          <ul class="plain-list">
            <li>
              It books <strong>{money(cost * going.length)}</strong>: {money(cost)} per person × {plural(going.length, 'player')} going.
            </li>
            <li>
              The players going share it equally: {listInWords(going.map((id) => names.get(id) ?? id))}.
            </li>
            <li>The player who paid is owed the others’ shares in the settlement.</li>
            <li>It is done once: answers changed later do not change the expense (change it in Money).</li>
          </ul>
          <SelectField id="activity-expense-payer" label="Who paid" value={payer} onValue={setPayer} options={players.map((p) => ({ value: p.id, label: p.name }))} />
          <ConfirmActions
            error={book.error}
            pending={book.pending}
            confirm={`Book ${money(cost * going.length)}`}
            pendingLabel="Booking…"
            cancel="Not now"
            onConfirm={async () => {
              const r = await book.run({ activityId: activity.id, payerId: payer });
              setDone(r.expense.amountCents);
            }}
            onCancel={onClose}
          />
        </>
      )}
    </Dialog>
  );
}
