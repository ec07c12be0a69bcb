import type { Context } from 'koa';
import multer from 'multer';
import { z } from 'zod';
import { Receipt, RECEIPT_MAX_BYTES, ReceiptParams, type ReceiptUploader } from '../../shared/schemas/receipt.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { portalTripAccess } from '../portal/session.js';
import type { Database } from '../store/docstore.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { cleanFileName, contentDisposition, createReceipt, getReceipt, presentReceipt, receiptFile, sniffReceiptType, type StoredReceipt } from './receipts.service.js';

const tags = ['Receipts'];
const MAX_MB = RECEIPT_MAX_BYTES / (1024 * 1024);
const UPLOAD_RULE =
  `multipart/form-data with exactly one file in the field \`file\`: a JPEG, PNG, HEIC/HEIF or PDF of at most ${MAX_MB} MiB (${RECEIPT_MAX_BYTES} bytes). ` +
  'The type is read from the file\'s first bytes, never from its name or declared type, and is the type it is served with. 413 when larger, ' +
  '415 for any other content or a body that is not multipart/form-data, 400 for no file, several files or a malformed form. Nothing is stored ' +
  'on a refusal. The bytes are kept outside the replicated trip database (phones never download them by sync); the metadata is the trip ' +
  'document `receipt:<id>`, whose `expenseId` is set when an expense attaches it.';
const FILE_RULE =
  'The bytes as uploaded, with the content type read from them at upload, `Content-Disposition: inline` with the original file name, and ' +
  '`X-Content-Type-Options: nosniff`.';

const UploadForm = z.object({
  file: z.string().meta({ format: 'binary', description: `The receipt: JPEG, PNG, HEIC/HEIF or PDF, at most ${MAX_MB} MiB` }),
});
const FileBytes = z.instanceof(Uint8Array).meta({ type: 'string', format: 'binary' });
const rawBody = { contentType: 'multipart/form-data', schema: UploadForm, description: UPLOAD_RULE };
const fileResponse = { 200: { description: 'The file (image/jpeg, image/png, image/heic, image/heif or application/pdf)', contentType: 'application/octet-stream', schema: FileBytes } };
const uploadErrors = ['validation_failed', 'payload_too_large', 'unsupported_media_type'] as const;

/** Room for the multipart envelope around a file of the largest size (boundaries, part headers, a long name). */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Reads the one file of a multipart upload into memory (at most {@link RECEIPT_MAX_BYTES}) and checks its type by
 * content. Every refusal happens here, before anything is stored.
 */
async function readReceiptUpload(ctx: Context): Promise<{ bytes: Uint8Array; contentType: NonNullable<ReturnType<typeof sniffReceiptType>>; originalName: string }> {
  if (!ctx.is('multipart/form-data')) {
    throw new AppError('unsupported_media_type', `send the receipt as multipart/form-data with one field "file", not ${ctx.get('content-type') || 'no content type'}`);
  }
  const length = ctx.request.length;
  if (length !== undefined && length > RECEIPT_MAX_BYTES + ENVELOPE_BYTES) throw tooLarge();
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 10, fieldSize: 8 * 1024, parts: 11, headerPairs: 50 },
    // Browsers and fetch send UTF-8 file names; busboy would read them as Latin-1.
    defParamCharset: 'utf8',
  }).any();
  const req = ctx.req as typeof ctx.req & { files?: Express.Multer.File[] };
  try {
    await new Promise<void>((resolve, reject) => upload(req as never, ctx.res as never, (err: unknown) => (err ? reject(err) : resolve())));
  } catch (err) {
    throw uploadError(err);
  }
  const files = req.files ?? [];
  const file = files[0];
  if (!file) throw new AppError('validation_failed', 'no file: send the receipt in the form field "file"', [{ path: ['body', 'file'], message: 'required' }]);
  if (file.fieldname !== 'file') {
    throw new AppError('validation_failed', `send the receipt in the form field "file", not "${file.fieldname}"`, [{ path: ['body', file.fieldname], message: 'unexpected file field' }]);
  }
  const bytes = new Uint8Array(file.buffer.buffer, file.buffer.byteOffset, file.buffer.byteLength);
  const contentType = sniffReceiptType(bytes);
  if (!contentType) throw new AppError('unsupported_media_type', 'a receipt must be a JPEG, PNG, HEIC/HEIF or PDF file', [{ path: ['body', 'file'], message: 'unsupported file content' }]);
  return { bytes, contentType, originalName: cleanFileName(file.originalname) };
}

function tooLarge() {
  return new AppError('payload_too_large', `a receipt is at most ${MAX_MB} MiB (${RECEIPT_MAX_BYTES} bytes)`, [{ path: ['body', 'file'], message: 'too large', limitBytes: RECEIPT_MAX_BYTES }]);
}

function uploadError(err: unknown): AppError {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return tooLarge();
    if (err.code === 'LIMIT_FILE_COUNT') return new AppError('validation_failed', 'send exactly one file per upload', [{ path: ['body', 'file'], message: 'several files' }]);
    return new AppError('validation_failed', `malformed upload form: ${err.message}`);
  }
  // busboy: a missing boundary, a truncated body and the like are the client's malformed form.
  return new AppError('validation_failed', `malformed multipart body: ${err instanceof Error ? err.message : String(err)}`);
}

async function upload(ctx: Context, deps: AppDeps, db: Database, tripId: string, uploadedBy: ReceiptUploader, via: 'dashboard' | 'portal') {
  const file = await readReceiptUpload(ctx);
  const doc = await createReceipt(deps, db, tripId, { ...file, uploadedBy });
  const body = presentReceipt(tripId, doc, via);
  const location = via === 'portal' ? `/trip-portal/trips/${tripId}/receipts/${doc.id}/file` : `/trips/${tripId}/receipts/${doc.id}`;
  return { status: 201, headers: { Location: location }, body };
}

async function download(deps: AppDeps, doc: StoredReceipt) {
  const blob = await receiptFile(deps, doc);
  return {
    headers: {
      'Content-Type': doc.contentType,
      'Content-Disposition': contentDisposition(doc.originalName),
      'X-Content-Type-Options': 'nosniff',
      // The bytes of a receipt id never change; only people on the trip may read them.
      'Cache-Control': 'private, max-age=86400, immutable',
      ETag: `"${doc.sha256}"`,
    },
    body: Buffer.from(blob.bytes.buffer, blob.bytes.byteOffset, blob.bytes.byteLength),
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
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return download(deps, await getReceipt(db, params.receiptId));
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
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return download(deps, await getReceipt(deps.store.trip(a.tripId), params.receiptId));
    },
  }),
];
