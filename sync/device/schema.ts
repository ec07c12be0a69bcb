/**
 * The one RxDB collection of a trip (`docs`) and its conflict handler.
 *
 * Every trip document lives in it under its CouchDB id. The primary key is `docId`, a field the server's documents
 * do not have: RxDB's CouchDB plugin moves `_id` to the primary key on pull and back on push only when the
 * document lacks that field, and our documents carry their own `id` (the record id, not the CouchDB id).
 */
import type { RxConflictHandler, RxJsonSchema, WithDeleted } from 'rxdb';
import { defaultConflictHandler } from 'rxdb';
import { mergeScoreVersions, sameScoreVersion, type ScoreVersion } from '../../shared/domain/scores.js';
import type { TripDocument } from './types.js';

/** A trip document as stored on the device. */
export interface LocalDoc {
  docId: string;
  type: string;
  [key: string]: unknown;
}

/**
 * Permissive: only the key and the type are declared (RxDB 17 needs a `maxLength` on the primary key and on indexed
 * strings). The other fields of each type are stored as they come; `shared/` schemas validate them where they are
 * written (the gateway), so a new server field never breaks an installed app.
 */
export const tripDocsSchema: RxJsonSchema<LocalDoc> = {
  title: 'trip documents',
  version: 0,
  primaryKey: 'docId',
  type: 'object',
  // No `additionalProperties: true`: RxDB's type forbids it and its filled schema sets false anyway; without a
  // validator wrapped around the storage the other fields are stored as they are (see OpenTripOptions.storage).
  properties: {
    // CouchDB ids here are `<type>:<id>`, the longest `score:<scorecardId>:<hole>` (under 100 characters).
    docId: { type: 'string', maxLength: 300 },
    type: { type: 'string', maxLength: 60 },
  },
  required: ['docId', 'type'],
  indexes: ['type'],
};

type ScoreLike = WithDeleted<LocalDoc> & ScoreVersion;

function isScore(doc: WithDeleted<LocalDoc>): doc is ScoreLike {
  return (
    doc.type === 'score' &&
    !doc._deleted &&
    (typeof doc.strokes === 'number' || doc.strokes === null) &&
    typeof doc.enteredAt === 'string' &&
    typeof doc.deviceId === 'string' &&
    typeof doc.enteredBy === 'string'
  );
}

/**
 * Scores: equal when value and history are (`sameScoreVersion`), and a conflict is resolved with
 * `mergeScoreVersions`, the rule the server applies to conflicting revisions, so phones and server pick the same
 * winner and keep the loser in `history`. Everything else: the server's state wins (RxDB's default).
 */
export const tripConflictHandler: RxConflictHandler<LocalDoc> = {
  isEqual(a, b, context) {
    if (isScore(a) && isScore(b)) return sameScoreVersion(a, b);
    return defaultConflictHandler.isEqual(a, b, context);
  },
  async resolve(input) {
    const mine = input.newDocumentState;
    const theirs = input.realMasterState;
    if (isScore(mine) && isScore(theirs)) return mergeScoreVersions<ScoreLike>([theirs, mine]);
    return theirs;
  },
};

/**
 * A tombstone from the server carries only `_id` and `_deleted`: its type is taken from the id's prefix, so the
 * required, indexed `type` is on every stored document whatever the storage does with a missing index field.
 */
export function withType(doc: WithDeleted<LocalDoc>): WithDeleted<LocalDoc> {
  if (typeof doc.type === 'string' && doc.type) return doc;
  const prefix = doc.docId.split(':')[0] ?? '';
  return { ...doc, type: prefix || 'unknown' };
}

/** The app's view of a stored document: the CouchDB id back in `_id`. */
export function toTripDocument(data: LocalDoc): TripDocument {
  const { docId, ...rest } = data;
  return { ...rest, _id: docId };
}
