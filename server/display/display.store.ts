import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_CODE_BYTES, accessCodeFrom, normalizeAccessCode } from '../../shared/domain/display/index.js';
import { DEFAULT_DISPLAY_SETTINGS, type DisplayConfigDoc, type DisplaySettings } from '../../shared/schemas/display.js';
import type { AppDeps } from '../deps.js';
import { readDoc, upsertDoc } from '../store/docs.js';
import { readCached } from '../store/read-cache.js';
import type { Database, StoredDoc } from '../store/docstore.js';

/**
 * Where the display manager keeps its state. The configuration is one trip document, `display:config` (it replicates
 * to phones: no secret in it). The access code is never stored: the registry holds its SHA-256 twice, as
 * `displaycode:<sha256>` → tripId (so the public lookup finds the trip from the code without scanning trips) and in
 * `displayaccess:<tripId>`, the trip's one current code. A lookup needs both to agree, so a regenerated or revoked
 * code stops working at once even if removing its old `displaycode:` document failed.
 */

export const DISPLAY_CONFIG_ID = 'display:config';
export const displayCodeDocId = (hash: string) => `displaycode:${hash}`;
export const displayAccessDocId = (tripId: string) => `displayaccess:${tripId}`;

type StoredConfig = DisplayConfigDoc & StoredDoc;

/** Registry: the code hash that opens a trip's display. */
interface DisplayCodeDoc extends StoredDoc {
  type: 'displaycode';
  id: string;
  tripId: string;
  createdAt: string;
  updatedAt: string;
}

/** Registry: the trip's current code (hash only), null once revoked. */
export interface DisplayAccessDoc extends StoredDoc {
  type: 'displayaccess';
  id: string;
  tripId: string;
  codeHash: string | null;
  codeCreatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** SHA-256 (hex) of a code in its normal form. */
export function hashAccessCode(code: string): string {
  return createHash('sha256').update(normalizeAccessCode(code)).digest('hex');
}

/** The stored configuration, or undefined while the trip runs on the defaults. `at`: as of that state (`readDoc`). */
export async function readConfigDoc(db: Database, at?: string | number): Promise<StoredConfig | undefined> {
  const doc = await readDoc<StoredConfig>(db, DISPLAY_CONFIG_ID, at);
  return doc?.type === 'display' ? doc : undefined;
}

/** The settings in force: the stored ones, or the defaults. */
export function settingsOf(doc: StoredConfig | undefined): DisplaySettings {
  if (!doc) return { ...DEFAULT_DISPLAY_SETTINGS, panels: [...DEFAULT_DISPLAY_SETTINGS.panels], leaderboard: { ...DEFAULT_DISPLAY_SETTINGS.leaderboard } };
  return { panels: doc.panels, rotationSeconds: doc.rotationSeconds, theme: doc.theme, public: doc.public, leaderboard: doc.leaderboard };
}

/** Saves the whole configuration as `display:config`. */
export async function writeConfigDoc(deps: AppDeps, db: Database, settings: DisplaySettings): Promise<StoredConfig> {
  const now = deps.now().toISOString();
  return upsertDoc<StoredConfig>(db, DISPLAY_CONFIG_ID, (current) => ({
    _id: DISPLAY_CONFIG_ID,
    type: 'display',
    id: 'config',
    panels: settings.panels,
    rotationSeconds: settings.rotationSeconds,
    theme: settings.theme,
    public: settings.public,
    leaderboard: settings.leaderboard,
    createdAt: current?.createdAt ?? now,
    updatedAt: now,
  }));
}

export async function readAccess(deps: AppDeps, tripId: string): Promise<DisplayAccessDoc | undefined> {
  const doc = await deps.store.registry.get<DisplayAccessDoc>(displayAccessDocId(tripId));
  return doc?.type === 'displayaccess' ? doc : undefined;
}

/** Points the trip at `codeHash` (null: no code) and answers the hash it replaced. */
async function setCurrentCode(deps: AppDeps, tripId: string, codeHash: string | null, now: string): Promise<string | null> {
  let previous: string | null = null;
  await upsertDoc<DisplayAccessDoc>(deps.store.registry, displayAccessDocId(tripId), (current) => {
    previous = current?.codeHash ?? null;
    return {
      _id: displayAccessDocId(tripId),
      type: 'displayaccess',
      id: tripId,
      tripId,
      codeHash,
      codeCreatedAt: codeHash ? now : null,
      createdAt: current?.createdAt ?? now,
      updatedAt: now,
    };
  });
  return previous;
}

/** Removes a superseded `displaycode:` document; a failure leaves an inert document (the lookup checks the trip's current hash). */
async function dropCode(deps: AppDeps, hash: string | null): Promise<void> {
  if (!hash) return;
  const doc = await deps.store.registry.get(displayCodeDocId(hash));
  if (doc?._rev) await deps.store.registry.remove(doc._id, doc._rev).catch(() => undefined);
}

/**
 * A new access code for the trip, replacing any earlier one (which stops working now). The code is answered to the
 * caller and forgotten: only its hash is stored.
 */
export async function regenerateCode(deps: AppDeps, tripId: string): Promise<{ code: string; createdAt: string }> {
  const code = accessCodeFrom(new Uint8Array(randomBytes(ACCESS_CODE_BYTES)));
  const hash = hashAccessCode(code);
  const now = deps.now().toISOString();
  const doc: DisplayCodeDoc = { _id: displayCodeDocId(hash), type: 'displaycode', id: hash, tripId, createdAt: now, updatedAt: now };
  await deps.store.registry.put(doc);
  const previous = await setCurrentCode(deps, tripId, hash, now);
  if (previous !== hash) await dropCode(deps, previous);
  return { code, createdAt: now };
}

/** Revokes the trip's access code, if it has one. */
export async function revokeCode(deps: AppDeps, tripId: string): Promise<void> {
  const access = await readAccess(deps, tripId);
  if (!access?.codeHash) return;
  const previous = await setCurrentCode(deps, tripId, null, deps.now().toISOString());
  await dropCode(deps, previous);
}

/**
 * The trip a code opens, or undefined for a code that is unknown, regenerated or revoked. Asked by every TV every
 * 3 s, so both registry documents are kept while used (read-cache.ts): a code regenerated or revoked on this server
 * stops at once, on another server of a CouchDB deployment within the watch's bound (2 s), as a portal session does.
 */
export async function tripOfCode(deps: AppDeps, code: string): Promise<string | undefined> {
  const hash = hashAccessCode(code);
  const doc = await readCached<DisplayCodeDoc>(deps.store, deps.store.registry, displayCodeDocId(hash));
  if (doc?.type !== 'displaycode') return undefined;
  const access = await readCached<DisplayAccessDoc>(deps.store, deps.store.registry, displayAccessDocId(doc.tripId));
  return access?.type === 'displayaccess' && access.codeHash === hash ? doc.tripId : undefined;
}

/** Forgets a deleted trip's display access: its current code stops working and both registry documents go. */
export async function forgetDisplayAccess(deps: AppDeps, tripId: string): Promise<void> {
  const access = await readAccess(deps, tripId);
  if (!access) return;
  await dropCode(deps, access.codeHash);
  await deps.store.registry.remove(access._id, access._rev!).catch(() => undefined);
}
