import { z } from 'zod';
import { ScoreDoc } from '../../shared/schemas/round.js';

/**
 * OpenAPI entries of the replication gateway. Its endpoints speak the CouchDB HTTP API (CouchDB docs, "Replication
 * Protocol") rather than our REST conventions, so they are described here by hand; the documents it accepts are the
 * shared zod schemas that validate them (score documents for players; see shared/domain/write-rules.ts).
 */
export function gatewayPaths(): Record<string, Record<string, unknown>> {
  const couchError = { type: 'object', properties: { error: { type: 'string' }, reason: { type: 'string' } }, required: ['error', 'reason'] };
  const scoreDoc = z.toJSONSchema(ScoreDoc, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete scoreDoc.$schema;
  const op = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
    summary,
    description,
    tags: ['Sync (CouchDB replication)'],
    'x-auth-mode': 'portal',
    security: [{ portalSession: [] }],
    parameters: [{ name: 'tripId', in: 'path', required: true, schema: { type: 'string' } }],
    responses: {
      200: { description: 'CouchDB answer' },
      401: { description: 'No, expired or revoked portal session (whole request)', content: { 'application/json': { schema: couchError } } },
      403: { description: 'The session does not cover this trip (whole request)', content: { 'application/json': { schema: couchError } } },
    },
    ...extra,
  });
  const base = '/sync/trips/{tripId}';
  return {
    '/sync/trips/': {
      get: { summary: 'Server information with a stable uuid', description: 'Public; PouchDB builds checkpoint ids from the uuid.', tags: ['Sync (CouchDB replication)'], 'x-auth-mode': 'public', security: [], responses: { 200: { description: 'Welcome' } } },
    },
    [base]: {
      get: op('Database information', 'CouchDB GET /{db}: db_name, doc_count, update_seq.'),
      head: op('Database exists', 'CouchDB HEAD /{db}.'),
      put: op('Create database', 'Answers 412 file_exists: the trip database already exists (PouchDB tries to create it).'),
    },
    [`${base}/_local/{docId}`]: {
      get: op('Read a replication checkpoint', 'Non-replicated _local document.'),
      put: op('Write a replication checkpoint', 'Durable; a stale _rev is 409.'),
    },
    [`${base}/_changes`]: {
      get: op('Changes feed', 'feed=normal|longpoll, since (incl. now), limit, style=all_docs, include_docs, heartbeat, timeout, conflicts, filter=_doc_ids with doc_ids.'),
      post: op('Changes feed with a filter', 'filter=_doc_ids ({doc_ids}) or filter=_selector ({selector}, Mango subset).'),
    },
    [`${base}/_revs_diff`]: { post: op('Revisions the server lacks', 'CouchDB POST /{db}/_revs_diff.') },
    [`${base}/_bulk_get`]: { post: op('Read many documents at given revisions', 'CouchDB POST /{db}/_bulk_get, revs=true for histories.') },
    [`${base}/_all_docs`]: {
      get: op('List documents', 'keys, include_docs, startkey/endkey, limit, skip.'),
      post: op('List documents by keys', 'Body {keys}.'),
    },
    [`${base}/_bulk_docs`]: {
      post: op(
        'Write documents',
        'new_edits:false (PouchDB) stores the revisions given; normal edits (RxDB) answer a per-document 409 conflict for a stale _rev. ' +
          'Each document is validated with its shared schema and write rule: a player writes scores only on scorecards of their own group while the round ' +
          'is ready or in progress. A refused document gets a per-document `forbidden` with the reason, is kept for organizers ' +
          '(GET /trips/{tripId}/sync/rejections), and the rest of the batch lands. Conflicting score versions are merged by the shared rule.',
        { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { docs: { type: 'array', items: { oneOf: [scoreDoc, { type: 'object', description: 'an organizer-writable document (player, round, competition) or a deletion' }] } }, new_edits: { type: 'boolean' } }, required: ['docs'] } } } } },
      ),
    },
    [`${base}/{docId}`]: { get: op('Read a document', 'rev, revs, open_revs (all or a list, JSON answer), latest, conflicts.') },
  };
}
