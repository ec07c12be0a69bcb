import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../http/errors.js';

/**
 * Signed URLs for report files: `/report-files/<trip>/<report>/<file>?expires=<unix s>&signature=<HMAC>`. The
 * signature is HMAC-SHA256, under a key derived from the server secret for this purpose only, of the path's three
 * ids and the expiry; anyone holding the URL may fetch the file until it expires, and nobody can make or stretch
 * one. The file id changes when a report's file is replaced, so URLs to the old file stop working too.
 */

export interface SignedFile {
  tripId: string;
  reportId: string;
  fileId: string;
}

export const reportFilePath = ({ tripId, reportId, fileId }: SignedFile) => `/report-files/${tripId}/${reportId}/${fileId}`;

function signature(key: Uint8Array, file: SignedFile, expires: number): string {
  return createHmac('sha256', key).update(`report-file\n${file.tripId}\n${file.reportId}\n${file.fileId}\n${expires}`).digest('base64url');
}

/** A URL (path and query) to `file` that works until `expiresAt`. */
export function signFileUrl(key: Uint8Array, file: SignedFile, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${reportFilePath(file)}?expires=${expires}&signature=${signature(key, file, expires)}`;
}

/**
 * Checks a signed URL's query: 403 `signature_invalid` when the signature is missing or does not match (a tampered
 * path, expiry or signature), 403 `url_expired` once `expires` has passed. Answers the expiry.
 */
export function verifyFileUrl(key: Uint8Array, file: SignedFile, query: { expires?: string | undefined; signature?: string | undefined }, now: Date): Date {
  const expires = /^\d{1,12}$/.test(query.expires ?? '') ? Number(query.expires) : undefined;
  const given = new TextEncoder().encode(query.signature ?? '');
  const expected = expires === undefined ? undefined : new TextEncoder().encode(signature(key, file, expires));
  if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('signature_invalid', 'this file link is not valid: ask for the report again for a fresh link');
  }
  const expiresAt = new Date(expires! * 1000);
  if (now.getTime() >= expiresAt.getTime()) throw new AppError('url_expired', `this file link expired at ${expiresAt.toISOString()}: ask for the report again for a fresh link`);
  return expiresAt;
}
