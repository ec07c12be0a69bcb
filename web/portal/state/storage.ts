/**
 * Whether the browser keeps this app's storage (issue 22). Without persistence a browser may clear IndexedDB and
 * localStorage under storage pressure, and Safari does after some days without use: scores not yet synced would go
 * with it. The app asks for persistence (`navigator.storage.persist()`) when the first score is entered (an
 * installed app is usually granted it; Chrome may also grant it to a site used often), and the sync screen says
 * what the browser decided.
 */
import { BehaviorSubject } from 'rxjs';

/** `kept`: the browser will not clear it on its own; `not-kept`: it may; `unknown`: this browser cannot say. */
export type StorageKept = 'kept' | 'not-kept' | 'unknown';

export const storageKept$ = new BehaviorSubject<StorageKept>('unknown');

let asked: Promise<void> | undefined;

/** Reads what the browser decided (at start, and after asking). */
export async function refreshStorageKept(): Promise<StorageKept> {
  const storage = navigator.storage as StorageManager | undefined;
  if (!storage?.persisted) {
    storageKept$.next('unknown');
    return 'unknown';
  }
  const kept: StorageKept = (await storage.persisted().catch(() => false)) ? 'kept' : 'not-kept';
  storageKept$.next(kept);
  return kept;
}

/** Asks once per visit, when there is something worth keeping (the first score entered). */
export function askToKeepStorage(): Promise<void> {
  asked ??= (async () => {
    const storage = navigator.storage as StorageManager | undefined;
    if (!storage?.persist) return;
    // Asked even when already kept: it answers true at once then, and the browser may have dropped it meanwhile.
    await storage.persist().catch(() => false);
    await refreshStorageKept();
  })();
  return asked;
}
