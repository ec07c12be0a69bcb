/**
 * The end of every confirmation dialog that does something that cannot be undone (delete a trip, a round, a player;
 * remove a co-organizer): why the last try failed, if it did, in words; the action, named for what it does; and the
 * way out, named for what it keeps. The action's failure stays on the dialog (the mutation's error), so the
 * organizer reads it where they clicked.
 */
import { describeFailure } from '../api/errors.js';

export interface ConfirmActionsProps {
  /** The mutation's last error, if any. */
  error: unknown;
  pending: boolean;
  /** What the button does ("Delete for good"), and what it says while it runs. */
  confirm: string;
  pendingLabel?: string;
  /** What the way out keeps ("Keep the trip"). */
  cancel: string;
  /** Runs the action; its refusal is shown through `error`, so a rejection needs no handling here. */
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}

export function ConfirmActions({ error, pending, confirm, pendingLabel, cancel, onConfirm, onCancel }: ConfirmActionsProps) {
  return (
    <>
      {error ? (
        <p class="notice error" role="alert">
          {describeFailure(error)}
        </p>
      ) : null}
      <div class="actions">
        <button type="button" class="danger" disabled={pending} onClick={() => void onConfirm().catch(() => undefined)}>
          {pending && pendingLabel ? pendingLabel : confirm}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          {cancel}
        </button>
      </div>
    </>
  );
}
