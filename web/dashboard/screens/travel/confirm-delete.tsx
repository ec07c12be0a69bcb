/** A removal said before it is done: what goes with it, then the action and the way out. */
import type { ComponentChildren } from 'preact';
import { Dialog } from '../../../common/dialog.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';

export interface Removal {
  title: string;
  lines: ComponentChildren[];
  confirm: string;
  cancel: string;
  run: () => Promise<unknown>;
}

export function ConfirmRemoval({ removal, mutation, onClose }: { removal: Removal | null; mutation: { error: unknown; pending: boolean }; onClose: () => void }) {
  return (
    <Dialog id="travel-remove" open={removal !== null} title={removal?.title ?? ''} onClose={onClose}>
      {removal ? (
        <>
          <ul class="plain-list">
            {removal.lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
          <ConfirmActions
            error={mutation.error}
            pending={mutation.pending}
            confirm={removal.confirm}
            pendingLabel="Removing…"
            cancel={removal.cancel}
            onConfirm={async () => {
              await removal.run();
              onClose();
            }}
            onCancel={onClose}
          />
        </>
      ) : null}
    </Dialog>
  );
}

/** The players of the trip as the options of a select (a first, empty option when `none` names it). */
export const playerOptions = (players: { id: string; name: string }[], none?: string) => [...(none !== undefined ? [{ value: '', label: none }] : []), ...players.map((p) => ({ value: p.id, label: p.name }))];
