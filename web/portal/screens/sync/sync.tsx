/**
 * Sync, honestly: online or offline, writes waiting on this phone, last synced, every document the server refused
 * with its reason (dismissable: the document stays on the phone as entered), and every disputed hole of the trip.
 */
import type { PlayerDoc } from '../../../../shared/schemas/player.js';
import type { RoundDoc, ScoreDoc } from '../../../../shared/schemas/round.js';
import { disputedScores, scoreDispute } from '../../../../sync/device/index.js';
import { useEffect } from 'preact/hooks';
import type { ScreenProps } from '../../router.js';
import { useDocs, useObservable, useOnline, useStatus, useTrip } from '../../state/hooks.js';
import { refreshStorageKept, storageKept$, type StorageKept } from '../../state/storage.js';
import { href } from '../../router.js';
import { DisputeNote } from '../scorecard/dispute.js';
import { ReplacedList } from './replaced-list.js';

const STATE_TEXT = {
  online: 'Online: everything on this phone is on the server.',
  syncing: 'Online: syncing now.',
  offline: 'Offline: the server cannot be reached. Keep scoring; everything is kept on this phone and syncs when signal returns.',
  needs_token: 'Your link no longer works: nothing is sent until you open a new link from your organizer. Everything stays on this phone.',
  stopped: 'Sync is stopped.',
} as const;

const STORAGE_TEXT: Record<StorageKept, string> = {
  kept: 'kept: the browser will not clear it',
  'not-kept': 'not kept: the browser may clear it when space runs low',
  unknown: 'this browser does not say whether it keeps it',
};

function ago(iso: string | null): string {
  if (!iso) return 'never';
  const s = Math.round((Date.now() - Date.parse(iso)) / 1000);
  const at = new Date(iso).toLocaleString([], { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  if (s < 60) return `just now (${at})`;
  if (s < 3600) return `${Math.round(s / 60)} min ago (${at})`;
  return at;
}

/** `score:<round>-<player>:<hole>` → "Ann, hole 7"; other documents by their type. */
function describe(docId: string, nameOf: (id: string) => string): string {
  const m = /^score:([a-z0-9]+)-([a-z0-9]+):(\d+)$/.exec(docId);
  if (m) return `Score of ${nameOf(m[2]!)}, hole ${m[3]}`;
  const type = docId.split(':')[0] ?? 'document';
  return `${type[0]?.toUpperCase() ?? ''}${type.slice(1)} ${docId.slice(type.length + 1)}`;
}

export function SyncScreen(_: ScreenProps) {
  const { trip, kept } = useTrip();
  const status = useStatus();
  const online = useOnline();
  const players = useDocs<PlayerDoc>('player');
  const rounds = useDocs<RoundDoc>('round');
  const scores = useDocs<ScoreDoc>('score');
  const nameOf = (id: string) => players?.find((p) => p.id === id)?.name ?? 'a player';
  const disputes = scores ? disputedScores(scores) : [];
  const roundName = (id: string) => rounds?.find((r) => r.id === id)?.name ?? 'Round';
  const kept_ = useObservable<StorageKept>(() => storageKept$, storageKept$.getValue(), []);
  useEffect(() => void refreshStorageKept(), []);

  return (
    <section class="sync-screen">
      <h1>Sync</h1>
      <div class={`card sync-state state-${status.state}`} data-testid="sync-state" data-state={status.state}>
        <p class="state-line"><strong>{STATE_TEXT[status.state]}</strong></p>
        <dl>
          <div><dt>Waiting on this phone</dt><dd data-testid="pending-writes">{status.pendingWrites} {status.pendingWrites === 1 ? 'change' : 'changes'}</dd></div>
          <div><dt>Last synced</dt><dd data-testid="last-synced">{ago(status.lastSyncedAt)}</dd></div>
          <div><dt>Phone network</dt><dd>{online ? 'connected' : 'no network'}</dd></div>
          <div><dt>Storage on this phone</dt><dd data-testid="storage-kept" data-kept={kept_}>{STORAGE_TEXT[kept_]}</dd></div>
        </dl>
        {kept_ === 'not-kept' && status.pendingWrites > 0 && (
          <p class="warning-text" role="alert" data-testid="storage-warning">
            {status.pendingWrites} {status.pendingWrites === 1 ? 'change is' : 'changes are'} not on the server yet and sit in storage this browser may
            clear when space runs low or after days unused. Get signal so they sync, and add the app to your home screen: the browser then keeps its storage.
          </p>
        )}
        {(status.state === 'offline' || status.state === 'syncing') && (
          <button type="button" class="secondary" onClick={() => trip.reconnect()}>Try now</button>
        )}
      </div>

      <h2>Refused by the server</h2>
      {status.refused.length === 0 ? (
        <p class="muted">Nothing refused.</p>
      ) : (
        <>
          <p>These stay on this phone as you entered them, but the server did not accept them. Ask your organizer if they matter.</p>
          <ul class="list" data-testid="refused">
            {status.refused.map((r) => (
              <li key={r.docId} class="refused-item">
                <div>
                  <strong>{describe(r.docId, nameOf)}</strong>
                  <p class="error-text">{r.reason}</p>
                </div>
                <button type="button" class="secondary" onClick={() => trip.dismissRefused(r.docId)} aria-label={`Dismiss: ${describe(r.docId, nameOf)}`}>Dismiss</button>
              </li>
            ))}
          </ul>
        </>
      )}

      <ReplacedList tripKey={kept.key} describe={(id) => describe(id, nameOf)} />

      <h2>Disputed holes</h2>
      {disputes.length === 0 ? (
        <p class="muted">No disputed hole.</p>
      ) : (
        <ul class="list" data-testid="disputes">
          {disputes.map((s) => (
            <li key={s._id} data-testid="dispute-item" data-score={s._id}>
              <a href={href(kept.key, 'scorecard', s.roundId, String(s.hole))}>{roundName(s.roundId)}: {nameOf(s.playerId)}, hole {s.hole}</a>
              <DisputeNote dispute={scoreDispute(s)!} nameOf={nameOf} deviceId={trip.deviceId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
