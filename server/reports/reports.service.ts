import { createReadStream } from 'node:fs';
import {
  REPORT_AUDIO_MAX_BYTES,
  REPORT_HTML_MAX_BYTES,
  type Report,
  type ReportContentType,
  type ReportDoc,
  type ReportKind,
} from '../../shared/schemas/report.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { withFileSource, type UploadedFile } from '../http/multipart.js';
import { checkBlobKey } from '../store/blobs.js';
import { docsWithPrefix, updateDoc } from '../store/docs.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { newDocFields } from '../trips/trip-db.js';
import { sniffReportType } from './media.js';
import { signFileUrl } from './signed-url.js';

export type StoredReport = ReportDoc & StoredDoc;

export const reportDocId = (reportId: string) => `report:${reportId}`;

/** Where a report file's bytes live: one key per file, so a replaced file never overwrites the one it replaces. */
export const reportBlobKey = (tripId: string, reportId: string, fileId: string) => checkBlobKey(`trip/${tripId}/report/${reportId}/${fileId}`);

const MB = 1024 * 1024;

/** The stored report of a trip; 404 `not_found` when the trip has none with that id. */
export async function getReport(db: Database, reportId: string): Promise<StoredReport> {
  const doc = await db.get<StoredReport>(reportDocId(reportId));
  if (!doc || doc.type !== 'report') throw new AppError('not_found', `no report ${reportId} on this trip`);
  return doc;
}

/** A trip's reports, newest first. */
export async function listReports(db: Database): Promise<StoredReport[]> {
  const docs = await docsWithPrefix<StoredReport>(db, 'report:');
  return docs.filter((d) => d.type === 'report').sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

export const reportTooLarge = () =>
  new AppError('payload_too_large', `a report file is at most ${REPORT_AUDIO_MAX_BYTES / MB} MiB of audio or ${REPORT_HTML_MAX_BYTES / MB} MiB of HTML`, [
    { path: ['body', 'file'], message: 'too large', limitBytes: REPORT_AUDIO_MAX_BYTES, htmlLimitBytes: REPORT_HTML_MAX_BYTES },
  ]);

/**
 * What an uploaded report file is, read from its bytes: HTML up to 2 MiB, MP3 or M4A audio up to 50 MiB. 415 for
 * anything else, 413 for HTML over its limit (the upload itself stops audio over 50 MiB).
 */
export async function checkReportFile(file: UploadedFile): Promise<{ kind: ReportKind; contentType: ReportContentType }> {
  const contentType = await withFileSource(file, (src) => sniffReportType(src, REPORT_HTML_MAX_BYTES));
  if (!contentType) {
    throw new AppError('unsupported_media_type', 'a report file must be an HTML page (UTF-8) or MP3 or M4A audio; its content decides, not its name', [
      { path: ['body', 'file'], message: 'unsupported file content' },
    ]);
  }
  const kind: ReportKind = contentType === 'text/html' ? 'html' : 'audio';
  const limit = kind === 'html' ? REPORT_HTML_MAX_BYTES : REPORT_AUDIO_MAX_BYTES;
  if (file.size > limit) {
    throw new AppError('payload_too_large', `an ${kind === 'html' ? 'HTML' : 'audio'} report is at most ${limit / MB} MiB (${limit} bytes); this one is ${file.size}`, [
      { path: ['body', 'file'], message: 'too large', limitBytes: limit },
    ]);
  }
  return { kind, contentType };
}

interface StoredFile {
  kind: ReportKind;
  contentType: ReportContentType;
  size: number;
  sha256: string;
  originalName: string;
  fileId: string;
  blobKey: string;
}

/** Checks an uploaded file and streams it into the BlobStore under a new file id. */
async function storeFile(deps: AppDeps, tripId: string, reportId: string, file: UploadedFile): Promise<StoredFile> {
  const { kind, contentType } = await checkReportFile(file);
  const fileId = deps.newId();
  const blobKey = reportBlobKey(tripId, reportId, fileId);
  const { size, sha256 } = await deps.blobs.putStream(blobKey, () => createReadStream(file.path), { contentType, size: file.size });
  return { kind, contentType, size, sha256, originalName: file.originalName, fileId, blobKey };
}

/** Removes a blob nothing points at any more; a failure is logged, never the caller's error. */
async function dropBlob(deps: AppDeps, blobKey: string): Promise<void> {
  await deps.blobs.delete(blobKey).catch((err: unknown) => deps.logger.warn('could not delete a report file', { blobKey, err: String(err) }));
}

/**
 * Creates a report: the file is checked and stored first, then the `report:<id>` document, so a document never
 * points at missing bytes; when the document cannot be written the bytes are removed again.
 */
export async function createReport(deps: AppDeps, db: Database, tripId: string, input: { title: string; description: string; file: UploadedFile; createdBy: string }): Promise<StoredReport> {
  const id = deps.newId();
  const stored = await storeFile(deps, tripId, id, input.file);
  const doc: StoredReport = { ...newDocFields(deps, 'report', id), title: input.title, description: input.description, createdBy: input.createdBy, ...stored };
  try {
    await db.put(doc);
  } catch (err) {
    await dropBlob(deps, stored.blobKey);
    throw err;
  }
  return doc;
}

/**
 * Changes a report's title and description and, with a file, replaces its file under the same rules as a create:
 * the new bytes are stored under a new file id before the document changes, and the old bytes are removed after.
 */
export async function updateReport(
  deps: AppDeps,
  db: Database,
  tripId: string,
  reportId: string,
  changes: { title?: string | undefined; description?: string | undefined; file?: UploadedFile | undefined },
): Promise<StoredReport> {
  await getReport(db, reportId);
  const stored = changes.file ? await storeFile(deps, tripId, reportId, changes.file) : undefined;
  let replaced: string | undefined;
  let updated: StoredReport | undefined;
  try {
    updated = await updateDoc<StoredReport>(db, reportDocId(reportId), (doc) => {
      replaced = stored ? doc.blobKey : undefined;
      return {
        ...doc,
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...stored,
        updatedAt: deps.now().toISOString(),
      };
    });
  } catch (err) {
    if (stored) await dropBlob(deps, stored.blobKey);
    throw err;
  }
  if (!updated) {
    // Deleted while the new file was being stored.
    if (stored) await dropBlob(deps, stored.blobKey);
    throw new AppError('not_found', `no report ${reportId} on this trip`);
  }
  if (replaced && replaced !== stored?.blobKey) await dropBlob(deps, replaced);
  return updated;
}

/** Deletes a report: its document (the deletion replicates to phones), then its file. */
export async function deleteReport(deps: AppDeps, db: Database, reportId: string): Promise<void> {
  const doc = await getReport(db, reportId);
  await db.remove(doc._id, doc._rev!);
  await dropBlob(deps, doc.blobKey);
}

/**
 * The REST shape: the signed URL of the file (`audio_url` or `html_url`, absolute on PUBLIC_BASE_URL), valid for
 * SIGNED_URL_TTL_SECONDS, and a
 * link to the report through the API the caller used.
 */
export function presentReport(deps: AppDeps, tripId: string, doc: StoredReport, via: 'dashboard' | 'portal', base: string): Report {
  // Whole seconds, as the URL carries it, so `url_expires_at` is exactly when the link stops working.
  const expiresAt = new Date(Math.floor(deps.now().getTime() / 1000 + deps.config.signedUrlTtlSeconds) * 1000);
  const url = base + signFileUrl(deps.keys.urlSigningKey, { tripId, reportId: doc.id, fileId: doc.fileId }, expiresAt);
  return {
    id: doc.id,
    tripId,
    title: doc.title,
    description: doc.description,
    kind: doc.kind,
    contentType: doc.contentType,
    size: doc.size,
    sha256: doc.sha256,
    originalName: doc.originalName,
    createdBy: doc.createdBy,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    ...(doc.kind === 'audio' ? { audio_url: url } : { html_url: url }),
    url_expires_at: expiresAt.toISOString(),
    links: { self: `${via === 'portal' ? '/trip-portal/trips' : '/trips'}/${tripId}/reports/${doc.id}` },
  };
}
