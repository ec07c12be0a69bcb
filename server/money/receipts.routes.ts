import type { Context } from 'koa';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { Receipt, RECEIPT_MAX_BYTES, ReceiptParams, type ReceiptUploader } from '../../shared/schemas/receipt.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { portalTripAccess } from '../portal/session.js';
import type { Database } from '../store/docstore.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { contentDisposition, notModified } from '../http/files.js';
import { withMultipartUpload } from '../http/multipart.js';
import { createReceipt, getReceipt, presentReceipt, receiptFile, type StoredReceipt } from './receipts.service.js';

const tags = ['Receipts'];
const MAX_MB = RECEIPT_MAX_BYTES / (1024 * 1024);
const UPLOAD_RULE =
  `multipart/form-data with exactly one file in the field \`file\`: a JPEG, PNG, HEIC/HEIF or PDF of at most ${MAX_MB} MiB (${RECEIPT_MAX_BYTES} bytes). ` +
  'The type is read from the file\'s first bytes, never from its name or declared type, and is the type it is served with. 413 when larger, ' +
  '415 for any other content or a body that is not multipart/form-data, 400 for no file, several files, any other form field or a malformed form. Nothing is stored ' +
  'on a refusal. The bytes are kept outside the replicated trip database (phones never download them by sync); the metadata is the trip ' +
  'document `receipt:<id>`, whose `expenseId` is set when an expense attaches it.';
const FILE_RULE =
  'The bytes as uploaded, with the content type read from them at upload, `Content-Disposition: inline` with the original file name, and ' +
  '`X-Content-Type-Options: nosniff`. The ETag is the SHA-256 of the bytes; `If-None-Match` naming it answers 304 without a body.';

const UploadForm = z.object({
  file: z.string().meta({ format: 'binary', description: `The receipt: JPEG, PNG, HEIC/HEIF or PDF, at most ${MAX_MB} MiB` }),
});
const FileBytes = z.instanceof(Readable).meta({ type: 'string', format: 'binary' });
const rawBody = { contentType: 'multipart/form-data', schema: UploadForm, description: UPLOAD_RULE };
const fileResponse = {
  200: { description: 'The file (image/jpeg, image/png, image/heic, image/heif or application/pdf)', contentType: 'application/octet-stream', schema: FileBytes },
  304: { description: 'Not modified: `If-None-Match` names the file\'s ETag (its SHA-256)' },
};
const uploadErrors = ['validation_failed', 'payload_too_large', 'unsupported_media_type'] as const;

const RECEIPT_UPLOAD = {
  maxFileBytes: RECEIPT_MAX_BYTES,
  fields: [],
  maxFieldBytes: 1024,
  what: 'the receipt',
  fallbackName: 'receipt',
  tooLarge: () =>
    new AppError('payload_too_large', `a receipt is at most ${MAX_MB} MiB (${RECEIPT_MAX_BYTES} bytes)`, [{ path: ['body', 'file'], message: 'too large', limitBytes: RECEIPT_MAX_BYTES }]),
};

/** Spools the one file of the upload to disk, checks its type by content, and stores it; every refusal stores nothing. */
async function upload(ctx: Context, deps: AppDeps, db: Database, tripId: string, uploadedBy: ReceiptUploader, via: 'dashboard' | 'portal') {
  const doc = await withMultipartUpload(ctx, deps.config.dataDir, RECEIPT_UPLOAD, async ({ file }) => {
    if (!file) throw new AppError('validation_failed', 'no file: send the receipt in the form field "file"', [{ path: ['body', 'file'], message: 'required' }]);
    return createReceipt(deps, db, tripId, { file, uploadedBy });
  });
  const body = presentReceipt(tripId, doc, via);
  const location = via === 'portal' ? `/trip-portal/trips/${tripId}/receipts/${doc.id}/file` : `/trips/${tripId}/receipts/${doc.id}`;
  return { status: 201, headers: { Location: location }, body };
}

async function download(ctx: Context, deps: AppDeps, doc: StoredReceipt) {
  // The bytes of a receipt id never change; only people on the trip may read them.
  const caching = { 'Cache-Control': 'private, max-age=86400, immutable', ETag: `"${doc.sha256}"` };
  if (notModified(ctx, { etag: caching.ETag })) return { status: 304, headers: caching };
  const blob = await receiptFile(deps, doc);
  return {
    headers: {
      'Content-Type': doc.contentType,
      'Content-Disposition': contentDisposition(doc.originalName),
      'X-Content-Type-Options': 'nosniff',
      ...caching,
      'Content-Length': String(blob.size),
    },
    body: blob.stream,
  };
}

export const receiptRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/receipts/upload',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Upload a receipt (photo or PDF)',
    description: `${UPLOAD_RULE} Attach it with \`receiptId\` on an expense.`,
    tags,
    params: TripIdParams,
    rawBody,
    responses: { 201: { description: 'The stored receipt', schema: Receipt } },
    errors: [...uploadErrors],
    handler: async ({ trip, auth, ctx, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return upload(ctx, deps, db, trip.tripId, { kind: 'organizer', id: auth.sub }, 'dashboard');
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/receipts/:receiptId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'One receipt: type, size, hash, uploader and expense',
    tags,
    params: ReceiptParams,
    responses: { 200: { description: 'The receipt', schema: Receipt } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: presentReceipt(trip.tripId, await getReceipt(db, params.receiptId)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/receipts/:receiptId/file',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Download a receipt's file",
    description: FILE_RULE,
    tags,
    params: ReceiptParams,
    responses: fileResponse,
    errors: ['not_found'],
    handler: async ({ trip, params, ctx, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return download(ctx, deps, await getReceipt(db, params.receiptId));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trip-portal/trips/:tripId/receipts/upload',
    auth: 'portal',
    summary: 'Upload a receipt of mine (photo or PDF)',
    description: `${UPLOAD_RULE} I am recorded as the uploader; attach it to an expense I paid with \`receiptId\`.`,
    tags: ['Portal', ...tags],
    params: TripIdParams,
    rawBody,
    responses: { 201: { description: 'The stored receipt', schema: Receipt } },
    errors: ['forbidden', 'trip_not_found', 'player_not_found', 'token_revoked', ...uploadErrors],
    handler: async ({ auth, params, ctx, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return upload(ctx, deps, deps.store.trip(a.tripId), a.tripId, { kind: 'player', id: a.playerId }, 'portal');
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/receipts/:receiptId/file',
    auth: 'portal',
    summary: "Download a receipt's file",
    description: `Any receipt of the trip: everyone on the trip sees what the money was spent on. ${FILE_RULE}`,
    tags: ['Portal', ...tags],
    params: ReceiptParams,
    responses: fileResponse,
    errors: ['forbidden', 'trip_not_found', 'player_not_found', 'token_revoked', 'not_found'],
    handler: async ({ auth, params, ctx, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return download(ctx, deps, await getReceipt(deps.store.trip(a.tripId), params.receiptId));
    },
  }),
];
