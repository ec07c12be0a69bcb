import { z } from 'zod';
import { ScoreDoc } from '../../shared/schemas/round.js';
import { jsonSchema } from '../openapi/schemas.js';

/**
 * What `_bulk_docs` takes: score documents (what a player's phone writes) or any other trip document an organizer may
 * write, and `new_edits`. The gateway itself checks each document with its own shared schema and write rule; this
 * schema describes the body for /openapi.json and checks its example.
 */
export const BulkDocsBody = z.object({
  docs: z.array(
    z.union([
      ScoreDoc,
      z.looseObject({ _id: z.string(), _rev: z.string().optional(), _deleted: z.boolean().optional() }).describe('an organizer-writable document (player, round, competition) or a deletion'),
    ]),
  ),
  new_edits: z.boolean().optional(),
});

const TAG = 'Sync (CouchDB replication)';

/** The CouchDB error body, `{error, reason}` (CouchDB API: "HTTP Status Codes"). */
const couchError = { type: 'object', properties: { error: { type: 'string' }, reason: { type: 'string' } }, required: ['error', 'reason'] };
const failure = (description: string) => ({ description, content: { 'application/json': { schema: couchError } } });

const WHOLE_REQUEST = {
  401: failure('No, expired or revoked portal session (whole request)'),
  403: failure('The session does not cover this trip (whole request)'),
  404: failure('`not_found`: no such database (the path does not name a trip), or no such document where one is named'),
  503: {
    ...failure('`service_unavailable`: the database (CouchDB) is unreachable, or (replication reads) too many reads are waiting (`READ_QUEUE_LIMIT`); try again after `Retry-After` seconds'),
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } },
  },
};
const JSON_BODY = {
  400: failure('`bad_request`: the body is not a JSON object of the documented shape, or a parameter is invalid'),
  413: failure('`too_large`: the body is over the size limit'),
  415: failure('`bad_content_type`: the body is not `application/json`'),
};
const BAD_QUERY = { 400: failure('`bad_request`: a query parameter is invalid or not supported here') };

const tripId = { name: 'tripId', in: 'path', required: true, schema: { type: 'string' }, description: 'The trip; its database is the trip’s documents this session may see' };
const docId = (description: string) => ({ name: 'docId', in: 'path', required: true, schema: { type: 'string' }, description });

interface GatewayOperation {
  operationId: string;
  summary: string;
  description: string;
  responses: Record<number, unknown>;
  parameters?: unknown[];
  requestBody?: unknown;
}

function op({ parameters = [], ...rest }: GatewayOperation) {
  return {
    ...rest,
    tags: [TAG],
    'x-auth-mode': 'portal',
    security: [{ portalSession: [] }],
    parameters: [tripId, ...parameters],
    responses: { ...WHOLE_REQUEST, ...rest.responses },
  };
}

const ok = (description: string) => ({ description });

/**
 * OpenAPI entries of the replication gateway. Its endpoints speak the CouchDB HTTP API (CouchDB docs, "Replication
 * Protocol") rather than our REST conventions, so they are described here by hand; the documents it accepts are the
 * shared zod schemas that validate them (score documents for players; see shared/domain/write-rules.ts).
 *
 * Two endpoints a replicating client calls are left out as operations, because they answer neither an error nor
 * (the second) a success: `GET /sync/trips/` (the server's uuid, public) and `PUT /sync/trips/{tripId}` (always 412
 * `file_exists`). The database operation's description names them.
 */
export function gatewayPaths(): Record<string, Record<string, unknown>> {
  const base = '/sync/trips/{tripId}';
  return {
    [base]: {
      get: op({
        operationId: 'syncGetDatabase',
        summary: 'Database information',
        description:
          'CouchDB GET /{db}: db_name, doc_count, update_seq. Before replicating, PouchDB also reads `GET /sync/trips/` (public: the ' +
          'server’s stable uuid, from which it builds checkpoint ids) and tries `PUT /sync/trips/{tripId}`, which answers 412 ' +
          '`file_exists`: the trip’s database always exists.',
        responses: { 200: ok('The database information') },
      }),
      head: op({ operationId: 'syncHeadDatabase', summary: 'Database exists', description: 'CouchDB HEAD /{db}.', responses: { 200: ok('The database exists') } }),
    },
    [`${base}/_local/{docId}`]: {
      get: op({
        operationId: 'syncGetCheckpoint',
        summary: 'Read a replication checkpoint',
        description: 'Non-replicated _local document.',
        parameters: [docId('The checkpoint id, without `_local/`')],
        responses: { 200: ok('The checkpoint'), 404: failure('`not_found`: no such checkpoint yet') },
      }),
      put: op({
        operationId: 'syncPutCheckpoint',
        summary: 'Write a replication checkpoint',
        description: 'Durable; a stale _rev is 409.',
        parameters: [docId('The checkpoint id, without `_local/`')],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { _rev: { type: 'string' } } } } } },
        responses: { 201: ok('Written: `{ok, id, rev}`'), ...JSON_BODY, 409: failure('`conflict`: the _rev is not the stored one') },
      }),
    },
    [`${base}/_changes`]: {
      get: op({
        operationId: 'syncGetChanges',
        summary: 'Changes feed',
        description: 'feed=normal|longpoll, since (incl. now), limit, style=all_docs, include_docs, heartbeat, timeout, conflicts, filter=_doc_ids with doc_ids.',
        responses: { 200: ok('The changes'), ...BAD_QUERY },
      }),
      post: op({
        operationId: 'syncPostChanges',
        summary: 'Changes feed with a filter',
        description: 'filter=_doc_ids ({doc_ids}) or filter=_selector ({selector}, Mango subset).',
        responses: { 200: ok('The changes'), ...JSON_BODY },
      }),
    },
    [`${base}/_revs_diff`]: {
      post: op({ operationId: 'syncRevsDiff', summary: 'Revisions the server lacks', description: 'CouchDB POST /{db}/_revs_diff.', responses: { 200: ok('The missing revisions'), ...JSON_BODY } }),
    },
    [`${base}/_bulk_get`]: {
      post: op({
        operationId: 'syncBulkGet',
        summary: 'Read many documents at given revisions',
        description: 'CouchDB POST /{db}/_bulk_get, revs=true for histories.',
        responses: { 200: ok('The documents, or an error per document'), ...JSON_BODY },
      }),
    },
    [`${base}/_all_docs`]: {
      get: op({ operationId: 'syncGetAllDocs', summary: 'List documents', description: 'keys, include_docs, startkey/endkey, limit, skip.', responses: { 200: ok('The rows'), ...BAD_QUERY } }),
      post: op({ operationId: 'syncPostAllDocs', summary: 'List documents by keys', description: 'Body {keys}.', responses: { 200: ok('The rows'), ...JSON_BODY } }),
    },
    [`${base}/_bulk_docs`]: {
      post: op({
        operationId: 'syncBulkDocs',
        summary: 'Write documents',
        description:
          'new_edits:false (PouchDB) stores the revisions given; normal edits (RxDB) answer a per-document 409 conflict for a stale _rev. ' +
          'Each document is validated with its shared schema and write rule: a player writes scores only on scorecards of their own group while the round ' +
          'is ready or in progress. A refused document gets a per-document `forbidden` with the reason, is kept for organizers ' +
          '(GET /trips/{tripId}/sync/rejections), and the rest of the batch lands. Conflicting score versions are merged by the shared rule.',
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(BulkDocsBody, 'input') } } },
        responses: { 201: ok('A result per document: `{id, rev}` or `{id, error, reason}`'), ...JSON_BODY },
      }),
    },
    [`${base}/{docId}`]: {
      get: op({
        operationId: 'syncGetDocument',
        summary: 'Read a document',
        description: 'rev, revs, open_revs (all or a list, JSON answer), latest, conflicts.',
        parameters: [docId('The document id, URL-encoded (ids contain `:`)')],
        responses: {
          200: ok('The document, or with open_revs the leaves asked for'),
          ...BAD_QUERY,
          404: failure('`not_found`: no such document, or not one this session may see'),
          406: failure('`not_acceptable`: open_revs is answered as application/json only'),
        },
      }),
    },
  };
}
