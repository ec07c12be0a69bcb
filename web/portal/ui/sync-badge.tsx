/**
 * The sync state in the header, always visible: online/offline/syncing, writes waiting on the phone, refusals.
 * Tapping it opens the sync screen (last synced, every refusal with its reason).
 */
import { useStatus, useTrip } from '../state/hooks.js';
import { href } from '../router.js';

const LABEL = { online: 'Synced', offline: 'Offline', syncing: 'Syncing', needs_token: 'Link expired', stopped: 'Stopped' } as const;

export function SyncBadge() {
  const { kept } = useTrip();
  const status = useStatus();
  const waiting = status.pendingWrites;
  const refused = status.refused.length;
  const text = `${LABEL[status.state]}${waiting ? ` · ${waiting} waiting` : ''}${refused ? ` · ${refused} refused` : ''}`;
  return (
    <a class={`sync-badge state-${status.state}${refused ? ' has-refused' : ''}`} href={href(kept.key, 'sync')} data-testid="sync-badge" data-state={status.state} data-pending={waiting} aria-label={`Sync: ${text}. Details`}>
      <span class="dot" aria-hidden="true" />
      <span>{text}</span>
    </a>
  );
}
