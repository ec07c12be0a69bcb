/** Score documents as a device writes them: the same shape and rules as the server's REST score entry. */
import { ScoreDoc, type ScoreEntry } from '../../shared/schemas/round.js';
import { toTripDocument, type LocalDoc } from './schema.js';
import { DeviceTripError, type ScoreEntryInput } from './types.js';

export interface ScoreWriter {
  playerId: string;
  deviceId: string;
  at: string;
}

/**
 * The new version of one hole's score document. Entered again, the previous value moves into `history` (as the
 * server's REST entry does), and fields the device does not know (`disputed`, `createdAt`) are kept.
 */
export function buildScoreDoc(id: string, input: ScoreEntryInput, prev: LocalDoc | undefined, writer: ScoreWriter): LocalDoc {
  const entry: ScoreEntry = { strokes: input.strokes, enteredBy: writer.playerId, deviceId: writer.deviceId, enteredAt: writer.at };
  const before = prev && isEntry(prev) ? [...(Array.isArray(prev.history) ? (prev.history as ScoreEntry[]) : []), entryOf(prev)] : [];
  // `reason` belongs to the value it explains (an organizer's correction, issue 14): it goes to history with it.
  const { _meta, _rev, _attachments, _deleted, reason: _replaced, ...kept } = (prev ?? {}) as Record<string, unknown>;
  const doc: LocalDoc = {
    ...kept,
    docId: id,
    type: 'score',
    scorecardId: input.scorecardId,
    roundId: input.roundId,
    playerId: input.playerId,
    hole: input.hole,
    ...entry,
    history: before,
    createdAt: typeof prev?.createdAt === 'string' ? prev.createdAt : writer.at,
    updatedAt: writer.at,
  };
  // The gateway checks the same schema: a score it would refuse for its shape is refused here, before it is stored.
  const parsed = ScoreDoc.safeParse(toTripDocument(doc));
  if (!parsed.success) throw new DeviceTripError('invalid_score', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  // RxDB's modifier must answer the whole stored document, its meta fields included (but not the replaced reason).
  return prev ? { ...withoutReason(prev), ...doc } : doc;
}

function withoutReason(doc: LocalDoc): LocalDoc {
  const { reason: _replaced, ...rest } = doc;
  return rest as LocalDoc;
}

function isEntry(doc: LocalDoc): doc is LocalDoc & ScoreEntry {
  return (typeof doc.strokes === 'number' || doc.strokes === null) && typeof doc.enteredBy === 'string' && typeof doc.deviceId === 'string' && typeof doc.enteredAt === 'string';
}

function entryOf(e: ScoreEntry): ScoreEntry {
  return { strokes: e.strokes, enteredBy: e.enteredBy, deviceId: e.deviceId, enteredAt: e.enteredAt, ...(e.reason ? { reason: e.reason } : {}) };
}

export function sortByHole(scores: ScoreDoc[]): ScoreDoc[] {
  return scores.sort((a, b) => a.hole - b.hole);
}
