/**
 * The sync state in the header, always visible: online/offline/syncing, writes waiting on the phone, refusals.
 * Tapping it opens the sync screen (last synced, every refusal with its reason).
 */
import { useEffect, useState } from 'preact/hooks';
import { useStatus, useTrip } from '../state/hooks.js';
import { href } from '../router.js';
import { onQueueChange, waitingCount } from '../screens/money/queue.js';

/** Expenses (with their receipt photos) waiting in the money queue of this trip: they wait on the phone too. */
export function useQueuedExpenses(tripKey: string): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const read = () => void waitingCount(tripKey).then((n) => live && setCount(n), () => undefined);
    read();
    const off = onQueueChange(read);
    return () => {
      live = false;
      off();
    };
  }, [tripKey]);
  return count;
}

const LABEL = { online: 'Synced', offline: 'Offline', syncing: 'Syncing', needs_token: 'New link needed', stopped: 'Stopped' } as const;

export function SyncBadge() {
  const { kept } = useTrip();
  const status = useStatus();
  const waiting = status.pendingWrites + useQueuedExpenses(kept.key);
  const refused = status.refused.length;
  const text = `${LABEL[status.state]}${waiting ? ` · ${waiting} waiting` : ''}${refused ? ` · ${refused} refused` : ''}`;
  return (
    <a class={`sync-badge state-${status.state}${refused ? ' has-refused' : ''}`} href={href(kept.key, 'sync')} data-testid="sync-badge" data-state={status.state} data-pending={waiting} aria-label={`Sync: ${text}. Details`}>
      <span class="dot" aria-hidden="true" />
      <span>{text}</span>
    </a>
  );
}
