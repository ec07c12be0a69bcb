import { z } from 'zod';
import { DocBase, Id, Instant } from './common.js';

/**
 * Trip reports: an HTML page or an audio recording (MP3 or M4A) with a title and a description, shown on the trip's
 * Analytics page. The bytes live in the BlobStore (never in the replicated trip database); this metadata document
 * lives in the trip database, so phones list reports offline.
 */

/** Largest HTML report: 2 MB (spec, Limits), counted as 2 MiB. */
export const REPORT_HTML_MAX_BYTES = 2 * 1024 * 1024;
/** Largest audio report: 50 MB (spec, Limits), counted as 50 MiB. */
export const REPORT_AUDIO_MAX_BYTES = 50 * 1024 * 1024;
export const REPORT_TITLE_MAX = 200;
export const REPORT_DESCRIPTION_MAX = 5000;

export const ReportKind = z.enum(['html', 'audio']);
export type ReportKind = z.infer<typeof ReportKind>;

/** Content types a report file may have, decided by its bytes (never its name or declared type). */
export const ReportContentType = z.enum(['text/html', 'audio/mpeg', 'audio/mp4']);
export type ReportContentType = z.infer<typeof ReportContentType>;

export const ReportTitle = z
  .string()
  .trim()
  .min(1, 'a report needs a title')
  .max(REPORT_TITLE_MAX, `at most ${REPORT_TITLE_MAX} characters`);
export const ReportDescription = z.string().trim().max(REPORT_DESCRIPTION_MAX, `at most ${REPORT_DESCRIPTION_MAX} characters`);

const reportFields = {
  id: Id,
  title: ReportTitle,
  description: ReportDescription,
  /** The type marker: an HTML page or an audio recording. */
  kind: ReportKind,
  contentType: ReportContentType,
  /** Bytes of the file. */
  size: z.number().int().min(1).max(REPORT_AUDIO_MAX_BYTES),
  /** Lowercase hex SHA-256 of the file. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The file name the uploader's device gave, for display only. */
  originalName: z.string().max(255),
  /** The organizer who created the report. */
  createdBy: z.string(),
};

/**
 * The `report:<id>` document. `fileId` names the current file (a replaced file gets a new one, so signed URLs to the
 * old file stop working), `blobKey` where its bytes are in the BlobStore.
 */
export const ReportDoc = DocBase.extend({ type: z.literal('report'), ...reportFields, fileId: Id, blobKey: z.string() });
export type ReportDoc = z.infer<typeof ReportDoc>;

/** A report as REST answers it: the file is reached only through the signed URL it carries. */
export const Report = z.object({
  ...reportFields,
  tripId: Id,
  createdAt: Instant,
  updatedAt: Instant,
  /** Audio reports: the signed URL of the audio (supports Range requests); it expires at `url_expires_at`. */
  audio_url: z.string().optional(),
  /** HTML reports: the signed URL of the page, served sandboxed (Content-Security-Policy: sandbox). */
  html_url: z.string().optional(),
  /** When the signed URL stops working; read the report again for a fresh one. */
  url_expires_at: Instant,
  links: z.object({
    /** This report, through the API the caller used. */
    self: z.string(),
  }),
});
export type Report = z.infer<typeof Report>;

export const ReportList = z.object({
  reports: z.array(Report),
  links: z.object({ self: z.string(), trip: z.string() }),
});
export type ReportList = z.infer<typeof ReportList>;

export const ReportParams = z.strictObject({ tripId: Id, reportId: Id });
export type ReportParams = z.infer<typeof ReportParams>;

/** The text fields of a create (multipart) or an update (multipart or JSON). */
export const ReportCreateFields = z.strictObject({ title: ReportTitle, description: ReportDescription.default('') });
export const ReportUpdateFields = z.strictObject({ title: ReportTitle.optional(), description: ReportDescription.optional() });

/** The signed file URL's path and query. */
export const ReportFileParams = z.strictObject({ tripId: Id, reportId: Id, fileId: Id });
export const ReportFileQuery = z.object({
  /** Unix time in seconds after which the URL no longer works. */
  expires: z.string().optional(),
  /** HMAC-SHA256 of the path and `expires`, base64url. A missing, malformed or wrong signature answers 403. */
  signature: z.string().optional(),
});
