/** Score documents as a device writes them: the same shape and rules as the server's REST score entry. */
import { ScoreDoc, type ScoreEntry } from '../../shared/schemas/round.js';
import { toTripDocument, type LocalDoc } from './schema.js';
import { DeviceTripError, type ScoreEntryInput } from './types.js';

export interface ScoreWriter {
  playerId: string;
  deviceId: string;
  at: string;
  /** `at` is the device's own clock, the server's not known yet (clock.ts): corrected before the score is sent. */
  pending?: boolean;
}

/**
 * The local-only field of a score whose times are the device's clock: the `enteredAt` values (and `createdAt` /
 * `updatedAt`) this device stamped before it knew the server's clock. Never sent: `correctClockPending` replaces
 * them with the server's time on the way out.
 */
export const CLOCK_PENDING = 'clockPending';

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
  const pending = [...pendingOf(prev), ...(writer.pending ? [writer.at] : [])];
  if (pending.length > 0) doc[CLOCK_PENDING] = [...new Set(pending)];
  else delete doc[CLOCK_PENDING];
  // The gateway checks the same schema: a score it would refuse for its shape is refused here, before it is stored.
  const parsed = ScoreDoc.safeParse(toTripDocument(doc));
  if (!parsed.success) throw new DeviceTripError('invalid_score', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  // RxDB's modifier must answer the whole stored document, its meta fields included (but not the replaced reason).
  return prev ? { ...withoutReason(prev), ...doc } : doc;
}

function pendingOf(doc: LocalDoc | undefined): string[] {
  const list = doc?.[CLOCK_PENDING];
  return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
}

/**
 * The score as the server must see it: every time this device stamped on its own clock (`clockPending`), moved by
 * `offsetMs` (server − device) onto the server's clock, and the marker gone. Only this device's entries are moved;
 * a score without the marker is answered as it is.
 */
export function correctClockPending<T extends LocalDoc>(doc: T, offsetMs: number, deviceId: string): T {
  const pending = new Set(pendingOf(doc));
  if (!(CLOCK_PENDING in doc)) return doc;
  const { [CLOCK_PENDING]: _marker, ...rest } = doc;
  const out = rest as Record<string, unknown>;
  if (pending.size === 0) return out as T;
  const shift = (iso: string) => new Date(Date.parse(iso) + offsetMs).toISOString();
  const fix = (e: Record<string, unknown>) => (e.deviceId === deviceId && typeof e.enteredAt === 'string' && pending.has(e.enteredAt) ? { ...e, enteredAt: shift(e.enteredAt) } : e);
  Object.assign(out, fix(out));
  if (Array.isArray(out.history)) out.history = (out.history as Record<string, unknown>[]).map(fix);
  for (const field of ['createdAt', 'updatedAt']) {
    const value = out[field];
    if (typeof value === 'string' && pending.has(value)) out[field] = shift(value);
  }
  return out as T;
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
