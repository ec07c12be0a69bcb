import { randomUUID } from 'node:crypto';
import { checkSyncWrite } from '../../shared/domain/write-rules.js';
import type { GatewayDoc, GatewayPolicy, Related, SyncActor, WriteContext } from '../../sync/gateway/types.js';
import type { AppDeps } from '../deps.js';
import type { StoredDoc } from '../store/docstore.js';
import { authenticatePortalHeader } from '../http/auth.js';
import { portalTripAccess } from '../portal/session.js';
import { afterScoresWritten, loadWriteFacts, writeFactIds, writeFactsOf } from '../scores/scores.service.js';

/**
 * Document types phones never receive: the server's own bookkeeping, which no screen of a phone reads. The settlement
 * plans' lock (money/settlements.service.ts) records a plan while it is stored; phones see the settlements it writes.
 * Every other trip document is the trip's participants' to see.
 */
const HIDDEN_TYPES: ReadonlySet<string> = new Set(['settlementlock']);

/**
 * The server's rules for the replication gateway: portal sessions only (spec rule 1), the session's token still
 * valid, the shared write rules per document, score conflicts merged after every write, refusals recorded.
 */
export function createGatewayPolicy(deps: AppDeps): GatewayPolicy {
  return {
    async authenticate({ authorization, tripId }) {
      const principal = await authenticatePortalHeader(authorization, deps.keys);
      const access = await portalTripAccess(deps, principal, tripId);
      return { tripId, playerId: access.playerId, role: access.player.role, sessionId: principal.sessionId };
    },
    database: (tripId) => deps.store.trip(tripId),
    // Read by the gateway with the documents' current revisions, in the same request (a push costs one read).
    relatedIds: (actor, docs) => writeFactIds(docs, actor.playerId),
    async checkWrites(actor, docs, current, related) {
      // The server's clock bounds what a device may claim as the time of a score (shared/domain/write-rules.ts).
      const facts = { ...(await writeFacts(deps, actor, [...docs, ...current.values()], related)), now: deps.now() };
      return docs.flatMap((doc) => {
        const reason = checkSyncWrite(actor, doc, current.get(doc._id), facts);
        return reason ? [{ id: doc._id, reason }] : [];
      });
    },
    // The type is read from the id (`<type>:<id>`), so the changes feed need not load documents to filter them.
    readsById: true,
    canRead: (_actor, doc) => !doc._id.startsWith('_design/') && !HIDDEN_TYPES.has(doc._id.split(':')[0] ?? ''),
    // What a phone may read does not depend on who it is (see canRead): every participant of a trip sees the same.
    readScope: () => 'participant',
    async afterWrite(actor, written, current, how) {
      // Written scores are checked for conflicts after the write (scores.service.ts), and their ready rounds started.
      const scores = written.filter((d) => d._id.startsWith('score:'));
      if (scores.length > 0 && !(how && settledBeforeWrite(scores, current, how))) await afterScoresWritten(deps, deps.store.trip(actor.tripId), scores);
    },
    async recordRefusals(actor, refused) {
      await recordRejections(deps, actor, refused);
    },
    async waitForChange(tripId, since, timeoutMs, signal) {
      await deps.store.trip(tripId).waitForChange(since, timeoutMs, signal);
    },
    unchangedSince: (tripId, since) => deps.store.trip(tripId).unchangedSince?.(since) ?? false,
    waitAnswersAtOnce: (tripId) => deps.store.trip(tripId).waitIsRead === true,
  };
}

/**
 * True when the read before a write already tells that the read after it would find nothing to do: the scores were
 * normal edits (each names a leaf and extends it, or is refused: it adds no conflict), none of them was in conflict
 * before (a conflict a failed merge left is merged again at the next write of its hole), and each one's round was
 * read as started or completed (rounds only move on from ready). A conflict that replicated revisions add meanwhile
 * is found by the read after that write. Saves the phone's push one CouchDB request of four, one after another.
 */
function settledBeforeWrite(scores: GatewayDoc[], current: Map<string, GatewayDoc>, how: WriteContext): boolean {
  if (!how.newEdits) return false;
  return scores.every((s) => {
    if ((current.get(s._id)?._conflicts as unknown[] | undefined)?.length) return false;
    if (typeof s.roundId !== 'string') return true; // a deletion: nothing to start
    const state = (how.related.get(`round:${s.roundId}`) as { state?: unknown } | null | undefined)?.state;
    return state === 'in_progress' || state === 'completed';
  });
}

/**
 * The write facts of `docs` from what the gateway read already; read from the store only when the stored versions
 * name documents that were not among them (a stored document's card differs from the one its new version names).
 */
async function writeFacts(deps: AppDeps, actor: SyncActor, docs: GatewayDoc[], related: Related | undefined) {
  const ids = writeFactIds(docs, actor.playerId);
  if (!related || ids.some((id) => !related.has(id))) return loadWriteFacts(deps.store.trip(actor.tripId), docs, actor.playerId);
  return writeFactsOf(ids.flatMap((id) => (related.get(id) ? [related.get(id)!] : [])));
}

/** A document the gateway refused, kept server-side (registry, never replicated) with its full content. */
export interface SyncRejectionDoc extends StoredDoc {
  _id: string;
  type: 'syncrejection';
  id: string;
  tripId: string;
  playerId: string;
  sessionId: string;
  docId: string;
  docType: string | null;
  reason: string;
  doc: GatewayDoc;
  at: string;
  createdAt: string;
  updatedAt: string;
}

async function recordRejections(deps: AppDeps, actor: SyncActor, refused: { doc: GatewayDoc; reason: string }[]): Promise<void> {
  if (refused.length === 0) return;
  const at = deps.now().toISOString();
  const docs: SyncRejectionDoc[] = refused.map(({ doc, reason }) => {
    const id = randomUUID();
    return {
      _id: `syncrejection:${id}`,
      type: 'syncrejection',
      id,
      tripId: actor.tripId,
      playerId: actor.playerId,
      sessionId: actor.sessionId,
      docId: doc._id,
      docType: typeof doc.type === 'string' ? doc.type : null,
      reason,
      doc,
      at,
      createdAt: at,
      updatedAt: at,
    };
  });
  await deps.store.registry.bulkDocs(docs);
}
