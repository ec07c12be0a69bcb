/**
 * The trip's CSV exports (`/trips/:tripId/exports/<kind>.csv`). The API takes the dashboard token as a Bearer
 * header, which a plain link cannot carry: the file is fetched with it and handed to the browser as a download
 * (a Blob URL clicked with `download`), under the name the server gives in Content-Disposition.
 */
import type { ExportKind } from '../../../shared/schemas/exports.js';
import type { SessionStore } from '../auth/session.js';
import { ApiError } from './errors.js';

export type { ExportKind };

export const exportPath = (tripId: string, kind: ExportKind, query = '') => `/trips/${encodeURIComponent(tripId)}/exports/${kind}.csv${query}`;

/**
 * The file name of a Content-Disposition header: the exact RFC 8187 `filename*` when given, else `filename`.
 * @example fileNameOf(`attachment; filename="Trip-scores.csv"`, 'x.csv') // "Trip-scores.csv"
 */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* a malformed encoding: the plain name below */
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  return plain ? (plain[1] ?? plain[2]!).replace(/\\(.)/g, '$1') : fallback;
}

/** Fetches an export with the session's token and saves it as the browser's download; resolves with the file name. */
export async function downloadExport(session: SessionStore, tripId: string, kind: ExportKind, query = ''): Promise<string> {
  const token = session.current()?.token;
  let res: Response;
  try {
    res = await fetch(exportPath(tripId, kind, query), { headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  } catch {
    throw new ApiError('network', 0, 'network', 'the server could not be reached');
  }
  if (!res.ok) {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    throw ApiError.fromStatus(res.status, body, res.headers.get('retry-after'));
  }
  const name = fileNameOf(res.headers.get('content-disposition'), `${kind}.csv`);
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Revoked after the click has been handled: the download has its own copy by then.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
