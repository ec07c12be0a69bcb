import { publicBase } from '../http/origin.js';
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  Report,
  REPORT_AUDIO_MAX_BYTES,
  REPORT_DESCRIPTION_MAX,
  REPORT_HTML_MAX_BYTES,
  REPORT_TITLE_MAX,
  ReportCreateFields,
  ReportFileParams,
  ReportFileQuery,
  ReportList,
  ReportParams,
  ReportUpdateFields,
} from '../../shared/schemas/report.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { readJson } from '../http/body.js';
import { AppError, zodDetails } from '../http/errors.js';
import { contentDisposition, notModified, parseRange } from '../http/files.js';
import { withMultipartUpload, type MultipartRules } from '../http/multipart.js';
import { nextCursorField, PageQuery, paginate, type PageInput } from '../http/paginate.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { PORTAL_TRIP_ERRORS } from '../http/trip-routes.js';
import { portalTripAccess } from '../portal/session.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { tripIndexId, type TripIndexDoc } from '../trips/trip-index.js';
import { createReport, deleteReport, getReport, listReports, presentReport, reportTooLarge, updateReport, type StoredReport } from './reports.service.js';
import { verifyFileUrl } from './signed-url.js';

const tags = ['Reports'];
const MB = 1024 * 1024;

const FILE_RULE =
  `exactly one file in the field \`file\`: an HTML page (UTF-8) of at most ${REPORT_HTML_MAX_BYTES / MB} MiB (${REPORT_HTML_MAX_BYTES} bytes), or MP3 or M4A ` +
  `audio of at most ${REPORT_AUDIO_MAX_BYTES / MB} MiB (${REPORT_AUDIO_MAX_BYTES} bytes). The type is read from the content (MP3: an ID3 tag or MPEG ` +
  'Layer III frame sync; M4A: an `ftyp` box and sound-only tracks; HTML: text starting with an HTML tag), never from the name or declared type. ' +
  'The upload streams to disk: the size limit holds while the bytes arrive. 413 `payload_too_large` when larger, 415 `unsupported_media_type` ' +
  'for any other content or a body that is not multipart/form-data, 400 `validation_failed` for a missing title or file, several files, an ' +
  'unknown field or a malformed form. Nothing is stored on a refusal.';
const URL_RULE =
  'The file is reached only through the signed URL in the answer (`audio_url` or `html_url`), which works until `url_expires_at` ' +
  '(SIGNED_URL_TTL_SECONDS, 15 minutes by default); read the report again for a fresh one.';

const CreateForm = z.object({
  title: z.string().meta({ description: `1–${REPORT_TITLE_MAX} characters` }),
  description: z.string().optional().meta({ description: `At most ${REPORT_DESCRIPTION_MAX} characters` }),
  file: z.string().meta({ format: 'binary', description: 'The report: HTML, MP3 or M4A' }),
});
const UpdateForm = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  file: z.string().optional().meta({ format: 'binary', description: 'A new file replacing the old one, under the rules of a create' }),
});
const FileStream = z.instanceof(Readable).meta({ type: 'string', format: 'binary' });

const UPLOAD: MultipartRules = {
  maxFileBytes: REPORT_AUDIO_MAX_BYTES,
  fields: ['title', 'description'],
  maxFieldBytes: 4 * REPORT_DESCRIPTION_MAX,
  what: 'the report',
  fallbackName: 'report',
  tooLarge: reportTooLarge,
};

/** The form's text fields through a schema; 400 with the field's path when they do not pass. */
function formFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const r = schema.safeParse(fields);
  if (r.success) return r.data;
  const details = zodDetails(r.error, ['body']);
  throw new AppError('validation_failed', `invalid form field ${String(details[0]!.path?.[1] ?? '')}: ${details[0]!.message}`, details);
}

const noFile = () => new AppError('validation_failed', 'no file: send the report in the form field "file"', [{ path: ['body', 'file'], message: 'required' }]);

/** PATCH takes JSON (title, description) or multipart/form-data (the same, and optionally a new file). */
async function readUpdate(ctx: Context, deps: AppDeps, apply: (changes: z.output<typeof ReportUpdateFields> & { file?: Parameters<typeof updateReport>[4]['file'] }) => Promise<StoredReport>) {
  if (ctx.is('multipart/form-data')) {
    return withMultipartUpload(ctx, deps.config.dataDir, UPLOAD, async ({ fields, file }) => {
      const changes = formFields(ReportUpdateFields, fields);
      if (changes.title === undefined && changes.description === undefined && !file) throw nothingToChange();
      return apply({ ...changes, file });
    });
  }
  const sent = await readJson(ctx);
  const r = ReportUpdateFields.safeParse(sent === undefined ? {} : sent);
  if (!r.success) {
    const details = zodDetails(r.error, ['body']);
    throw new AppError('validation_failed', `invalid body: ${details[0]!.message}`, details);
  }
  if (r.data.title === undefined && r.data.description === undefined) throw nothingToChange();
  return apply(r.data);
}

const nothingToChange = () => new AppError('validation_failed', 'give a title, a description or a file to change', [{ path: ['body'], message: 'nothing to change' }]);

/** The trip behind a signed URL, if it still exists (the URL carries no credentials, so no access check). */
async function tripOfSignedUrl(deps: AppDeps, tripId: string) {
  const index = await deps.store.registry.get<TripIndexDoc>(tripIndexId(tripId));
  if (!index || index.status === 'deleting') throw new AppError('not_found', 'this report is gone');
  return loadTripDoc(deps, index);
}

/** Headers for the HTML of a report: it runs in an opaque origin with no scripts, so it cannot act as this API. */
const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "sandbox; default-src 'none'; img-src data: https:; media-src data: https:; style-src 'unsafe-inline' https:; font-src data: https:; form-action 'none'; base-uri 'none'",
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

async function serveFile(ctx: Context, deps: AppDeps, params: z.output<typeof ReportFileParams>, query: z.output<typeof ReportFileQuery>) {
  const expiresAt = verifyFileUrl(deps.keys.urlSigningKey, params, query, deps.now());
  const { db } = await tripOfSignedUrl(deps, params.tripId);
  const doc = await getReport(db, params.reportId).catch(() => {
    throw new AppError('not_found', 'this report is gone');
  });
  if (doc.fileId !== params.fileId) throw new AppError('not_found', "this report's file was replaced: read the report again for the new link");
  const etag = `"${doc.sha256}"`;
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - deps.now().getTime()) / 1000));
  const caching = { ETag: etag, 'Cache-Control': `private, max-age=${maxAge}` };
  // A browser that holds these bytes already (same file id, so same bytes) need not fetch them again.
  if (notModified(ctx, { etag })) return { status: 304, headers: caching };
  const ifRange = ctx.get('if-range');
  const range = ifRange && ifRange !== etag ? ({ kind: 'whole' } as const) : parseRange(ctx.get('range') || undefined, doc.size);
  if (range.kind === 'unsatisfiable') {
    throw new AppError('range_not_satisfiable', `the file has ${doc.size} bytes`, [{ message: 'range outside the file', size: doc.size }], { 'Content-Range': `bytes */${doc.size}` });
  }
  const blob = await deps.blobs.open(doc.blobKey, range.kind === 'partial' ? { start: range.start, end: range.end } : undefined);
  if (!blob) throw new AppError('not_found', `the file of report ${doc.id} is missing`);
  return {
    status: range.kind === 'partial' ? 206 : 200,
    headers: {
      'Content-Type': doc.contentType,
      ...(doc.kind === 'html' ? HTML_HEADERS : {}),
      'Content-Length': String(blob.end - blob.start + 1),
      ...(range.kind === 'partial' ? { 'Content-Range': `bytes ${blob.start}-${blob.end}/${blob.size}` } : {}),
      'Accept-Ranges': 'bytes',
      ...caching,
      'Content-Disposition': contentDisposition(doc.originalName),
      'X-Content-Type-Options': 'nosniff',
      // A link followed from the page must not carry the signed URL away in its Referer.
      'Referrer-Policy': 'no-referrer',
    },
    body: blob.stream,
  };
}

const one = { 200: { description: 'The report, with a fresh signed URL of its file', schema: Report } };
const list = {
  200: { description: 'A page of the trip\'s reports, newest first, each with a fresh signed URL of its file', schema: ReportList.extend({ nextCursor: nextCursorField }) },
};
const PAGE_RULE = 'Newest first (then id), `limit` at a time; follow `nextCursor` for the next page.';
/** The order of report lists: newest first, then id. */
const reportPage = (docs: Awaited<ReturnType<typeof listReports>>, query: PageInput) => paginate(docs, (d) => [d.createdAt, d.id], query, [true, false]);
const listLinks = (tripId: string, via: 'dashboard' | 'portal') =>
  via === 'portal' ? { self: `/trip-portal/trips/${tripId}/reports`, trip: `/trip-portal/trips/${tripId}` } : { self: `/trips/${tripId}/reports`, trip: `/trips/${tripId}` };

export const reportRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/reports',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Add a report (an HTML page or an MP3/M4A recording) with a title and a description',
    description: `multipart/form-data with \`title\` (required), \`description\` and ${FILE_RULE} ${URL_RULE}`,
    tags,
    params: TripIdParams,
    rawBody: { contentType: 'multipart/form-data', schema: CreateForm, description: FILE_RULE },
    responses: { 201: { description: 'The stored report', schema: Report } },
    errors: ['validation_failed', 'payload_too_large', 'unsupported_media_type'],
    handler: async ({ trip, auth, ctx, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const doc = await withMultipartUpload(ctx, deps.config.dataDir, UPLOAD, async ({ fields, file }) => {
        const { title, description } = formFields(ReportCreateFields, fields);
        if (!file) throw noFile();
        return createReport(deps, db, trip.tripId, { title, description, file, createdBy: auth.sub });
      });
      return { status: 201, headers: { Location: `/trips/${trip.tripId}/reports/${doc.id}` }, body: presentReport(deps, trip.tripId, doc, 'dashboard', publicBase(deps, ctx)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/reports',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "The trip's reports",
    description: `${PAGE_RULE} ${URL_RULE}`,
    tags,
    params: TripIdParams,
    query: PageQuery,
    responses: list,
    handler: async ({ trip, query, deps, ctx }) => {
      const { db } = await loadTripDoc(deps, trip);
      const page = reportPage(await listReports(db), query);
      const reports = page.items.map((d) => presentReport(deps, trip.tripId, d, 'dashboard', publicBase(deps, ctx)));
      return { body: { reports, links: listLinks(trip.tripId, 'dashboard'), nextCursor: page.nextCursor } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/reports/:reportId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'One report',
    description: URL_RULE,
    tags,
    params: ReportParams,
    responses: one,
    errors: ['not_found'],
    handler: async ({ trip, params, deps, ctx }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: presentReport(deps, trip.tripId, await getReport(db, params.reportId), 'dashboard', publicBase(deps, ctx)) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/reports/:reportId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Change a report's title or description, or replace its file",
    description:
      'application/json with `title` and/or `description`, or multipart/form-data with those and optionally `file`, which replaces the file ' +
      `under the rules of a create (${FILE_RULE}). A replaced file gets a new signed URL; links to the old one stop working.`,
    tags,
    params: ReportParams,
    rawBody: {
      contentType: 'multipart/form-data',
      schema: UpdateForm,
      alternatives: [{ contentType: 'application/json', schema: ReportUpdateFields }],
      description: 'JSON for the text fields alone; multipart/form-data to replace the file too.',
    },
    responses: one,
    errors: ['not_found', 'validation_failed', 'malformed_json', 'payload_too_large', 'unsupported_media_type', 'revision_conflict'],
    handler: async ({ trip, params, ctx, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const doc = await readUpdate(ctx, deps, (changes) => updateReport(deps, db, trip.tripId, params.reportId, changes));
      return { body: presentReport(deps, trip.tripId, doc, 'dashboard', publicBase(deps, ctx)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/reports/:reportId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Delete a report and its file',
    tags,
    params: ReportParams,
    responses: { 204: { description: 'Deleted; its signed URLs answer 404 from now on' } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      await deleteReport(deps, db, params.reportId);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/reports',
    auth: 'portal',
    summary: "The trip's reports and their links (read-only)",
    description: `Reports are read-only through the portal. ${PAGE_RULE} ${URL_RULE}`,
    tags: ['Portal', ...tags],
    params: TripIdParams,
    query: PageQuery,
    responses: list,
    errors: [...PORTAL_TRIP_ERRORS],
    handler: async ({ auth, params, query, deps, ctx }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const page = reportPage(await listReports(deps.store.trip(a.tripId)), query);
      const reports = page.items.map((d) => presentReport(deps, a.tripId, d, 'portal', publicBase(deps, ctx)));
      return { body: { reports, links: listLinks(a.tripId, 'portal'), nextCursor: page.nextCursor } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/reports/:reportId',
    auth: 'portal',
    summary: 'One report (read-only)',
    description: URL_RULE,
    tags: ['Portal', ...tags],
    params: ReportParams,
    responses: one,
    errors: [...PORTAL_TRIP_ERRORS, 'not_found'],
    handler: async ({ auth, params, deps, ctx }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return { body: presentReport(deps, a.tripId, await getReport(deps.store.trip(a.tripId), params.reportId), 'portal', publicBase(deps, ctx)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/report-files/:tripId/:reportId/:fileId',
    auth: 'public',
    summary: "A report's file, through its signed URL",
    description:
      'The URL is the credential: it carries `expires` and an HMAC `signature`, and needs no token. 403 `signature_invalid` for a missing or ' +
      'altered signature, path or expiry; 403 `url_expired` once it has expired; 404 when the report is deleted or its file replaced. ' +
      '`If-None-Match` with the ETag answers 304. Single byte ranges (`Range: bytes=…`, with `If-Range`) answer 206 with Content-Range, so players can seek; a range past the end answers 416. ' +
      'HTML is served with `Content-Security-Policy: sandbox` (an opaque origin: no scripts, no cookies or storage of this origin), ' +
      '`X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`.',
    tags,
    params: ReportFileParams,
    query: ReportFileQuery,
    responses: {
      200: { description: 'The whole file (text/html, audio/mpeg or audio/mp4)', contentType: 'application/octet-stream', schema: FileStream },
      206: { description: 'The requested byte range of the file', contentType: 'application/octet-stream', schema: FileStream },
      304: { description: 'Not modified: `If-None-Match` names the file\'s ETag (its SHA-256)' },
    },
    errors: ['signature_invalid', 'url_expired', 'not_found', 'range_not_satisfiable'],
    handler: async ({ params, query, ctx, deps }) => serveFile(ctx, deps, params, query),
  }),
];
