/** Score documents as a device writes them: the same shape and rules as the server's REST score entry. */
import { mergeScoreVersions } from '../../shared/domain/scores.js';
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
 * The state of a hole a decision was made on (issue 33): the entry the phone showed when the golfer tapped, or
 * null when the hole had no score then. A decision is judged against it when it is written later (a draft settling,
 * a write retried): see `changedUnderneath`.
 */
export type ScoreBase = ScoreEntry | null;

/** The base of a stored score (null: none stored), as a decision made on it carries it. */
export function scoreBase(doc: Partial<ScoreEntry> | undefined | null): ScoreBase {
  return doc && isEntry(doc as LocalDoc) ? entryOf(doc as ScoreEntry) : null;
}

const entryKey = (e: ScoreEntry) => `${e.enteredAt}|${e.deviceId}|${e.enteredBy}|${e.strokes ?? 'pickup'}`;

/**
 * Whether the hole changed from another device (or writer) since `base`, the state the decision was made on: its
 * current entry is not the base's and is not this device's own (a write of this device that landed in between, an
 * own entry moved onto the server's clock, is no other opinion). A decision written over such a change was made
 * without seeing it: a disagreement, as if both had been entered offline.
 */
export function changedUnderneath(prev: LocalDoc | undefined, base: ScoreBase, deviceId: string): boolean {
  if (!prev || !isEntry(prev)) return false;
  if (prev.deviceId === deviceId) return false;
  return base === null || entryKey(entryOf(prev)) !== entryKey(base);
}

/**
 * The new version of one hole's score document. Entered again, the previous value moves into `history` (as the
 * server's REST entry does), and fields the device does not know (`disputed`, `createdAt`) are kept.
 *
 * With `base` (the state the decision was made on), a hole that changed from another device since
 * (`changedUnderneath`) is not simply overwritten: the stored version and this entry are merged by the shared rule
 * (`mergeScoreVersions`, the one the server and the replication's conflict handler apply to two offline writes), so
 * the later entry counts, the other is kept in history, and the hole is disputed when the values disagree.
 */
export function buildScoreDoc(id: string, input: ScoreEntryInput, prev: LocalDoc | undefined, writer: ScoreWriter, base?: ScoreBase): LocalDoc {
  const entry: ScoreEntry = { strokes: input.strokes, enteredBy: writer.playerId, deviceId: writer.deviceId, enteredAt: writer.at };
  if (base !== undefined && prev && isEntry(prev) && changedUnderneath(prev, base, writer.deviceId)) {
    const theirs = { ...entryOf(prev), history: Array.isArray(prev.history) ? (prev.history as ScoreEntry[]) : [], disputed: prev.disputed === true };
    const mine = { ...entry, history: theirs.history, disputed: false };
    const merged = mergeScoreVersions([theirs, mine]);
    const written = buildScoreDoc(id, input, prev, writer);
    const { reason: _mine, ...rest } = written;
    return { ...rest, ...entryOf(merged), history: merged.history, disputed: merged.disputed };
  }
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
