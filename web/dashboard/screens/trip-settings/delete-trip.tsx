/**
 * Deleting a trip, owner only, behind a dialog that names what is lost (counted by `GET /trips/:id/contents`).
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { useDeleteTrip, useTripContents } from '../../api/queries.js';
import type { Trip } from '../../api/types.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import { flash } from '../../ui/flash.js';
import { QueryView } from '../../ui/query-view.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';
import { contentsInWords } from '../../ui/trip-contents.js';

export function DeleteTrip({ trip }: { trip: Trip }) {
  const [open, setOpen] = useState(false);
  const contents = useTripContents(trip.id, open);
  const remove = useDeleteTrip(trip.id);
  return (
    <section class="card danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete this trip</h2>
      <p>Removes the trip and everything in it for every organizer and golfer. It cannot be undone.</p>
      <button type="button" class="danger" onClick={() => (setOpen(true), void contents.refetch().catch(() => undefined))}>
        Delete trip…
      </button>
      <Dialog id="delete-trip" open={open} title={`Delete ${trip.name}?`} onClose={() => setOpen(false)}>
        <QueryView query={contents} loading="Counting what the trip holds…">
          {(c) => {
            const lost = contentsInWords(c);
            return (
              <>
                {lost.length ? (
                  <>
                    <p>This deletes for good:</p>
                    <ul class="loss-list" aria-label="What is lost">
                      {lost.map(([k, words]) => (
                        <li key={k}>{words}</li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <p>The trip has no players, rounds, scores or expenses yet; only its settings are lost.</p>
                )}
                <p>Golfers' links to this trip stop working. This cannot be undone.</p>
                <ConfirmActions
                  error={remove.error}
                  pending={remove.pending}
                  confirm="Delete for good"
                  pendingLabel="Deleting…"
                  cancel="Keep the trip"
                  onCancel={() => setOpen(false)}
                  onConfirm={() =>
                    remove.run(undefined).then(() => {
                      setOpen(false);
                      flash(`${trip.name} is deleted.`);
                      navigate(href('trips'), true);
                    })
                  }
                />
              </>
            );
          }}
        </QueryView>
      </Dialog>
    </section>
  );
}
