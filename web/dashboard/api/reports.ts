/**
 * Trip reports (`/trips/:tripId/reports`): the list (every page), a new report and a replaced file sent as
 * multipart/form-data (the server's only way in, with the file in the field `file`), title and description changes
 * as JSON, and deletion. Keys under `['trip', id, 'reports']`.
 *
 * Uploads go through XMLHttpRequest rather than the JSON client: a 50 MB recording takes a while on hotel Wi-Fi, and
 * only XHR reports how much has been sent. It carries the same token, turns a refusal into the same `ApiError`, and
 * hands a 401 to the same sign-in prompt before sending again.
 */
import type { z } from 'zod';
import type { Report as ReportSchema, ReportList } from '../../../shared/schemas/report.js';
import { useMutation, useQuery } from '../data/hooks.js';
import type { QueryClient } from '../data/query.js';
import { useServices, type AppServices } from '../screen.js';
import { ApiError } from './errors.js';

export type Report = z.infer<typeof ReportSchema>;

export const reportKeys = {
  all: (tripId: string) => ['trip', tripId, 'reports'] as const,
};

const base = (tripId: string, rest = '') => `/trips/${encodeURIComponent(tripId)}/reports${rest}`;

/** Every report of the trip, newest first (all pages). */
export function useReports(tripId: string) {
  const { api } = useServices();
  return useQuery(reportKeys.all(tripId), async () => {
    const all: Report[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await api.get<ReportList & { nextCursor: string | null }>(base(tripId, `?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
      all.push(...page.reports);
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  }, {
    // The file links stop working after `url_expires_at` (15 minutes by default): read the list again a minute before.
    refetchInterval: (list) => {
      if (!list?.length) return false;
      const first = Math.min(...list.map((r) => Date.parse(r.url_expires_at)));
      return Math.max(30_000, first - Date.now() - 60_000);
    },
  });
}

export interface UploadInput {
  /** Absent on a change that keeps the file. */
  file?: File | undefined;
  title?: string | undefined;
  description?: string | undefined;
}

/** How far an upload has got, for a progress bar. */
export type UploadProgress = (sent: number, total: number) => void;

function sendForm(services: AppServices, method: 'POST' | 'PATCH', path: string, form: FormData, onProgress?: UploadProgress): Promise<Report> {
  return new Promise<Report>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('accept', 'application/json');
    const token = services.session.token();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onerror = () => reject(new ApiError('network', 0, 'network', 'the server could not be reached'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as Report);
      else reject(ApiError.fromStatus(xhr.status, body, xhr.getResponseHeader('retry-after')));
    };
    xhr.send(form);
  });
}

/** Sends a form; a refused token asks the organizer to sign in again, then sends once more. */
async function upload(services: AppServices, method: 'POST' | 'PATCH', path: string, input: UploadInput, onProgress?: UploadProgress): Promise<Report> {
  const form = () => {
    const f = new FormData();
    if (input.title !== undefined) f.append('title', input.title);
    if (input.description !== undefined) f.append('description', input.description);
    if (input.file) f.append('file', input.file, input.file.name);
    return f;
  };
  try {
    return await sendForm(services, method, path, form(), onProgress);
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'unauthorized' && services.session.token() && (await services.session.askToSignInAgain())) {
      return sendForm(services, method, path, form(), onProgress);
    }
    throw err;
  }
}

const changed = (c: QueryClient, tripId: string) => Promise.all([c.invalidate(reportKeys.all(tripId)), c.invalidate(['trip', tripId, 'contents'])]).then(() => undefined);

export function useCreateReport(tripId: string) {
  const services = useServices();
  return useMutation(
    ({ input, onProgress }: { input: UploadInput & { file: File; title: string }; onProgress?: UploadProgress }) => upload(services, 'POST', base(tripId), input, onProgress),
    (_r, c) => changed(c, tripId),
  );
}

/**
 * A change of a report: JSON for the title and description alone, multipart/form-data when a new file replaces
 * the old one (its link changes; the old one stops working).
 */
export function useUpdateReport(tripId: string) {
  const services = useServices();
  return useMutation(
    ({ reportId, input, onProgress }: { reportId: string; input: UploadInput; onProgress?: UploadProgress }) =>
      input.file
        ? upload(services, 'PATCH', base(tripId, `/${encodeURIComponent(reportId)}`), input, onProgress)
        : services.api.patch<Report>(base(tripId, `/${encodeURIComponent(reportId)}`), { title: input.title, description: input.description }),
    (_r, c) => changed(c, tripId),
  );
}

export function useDeleteReport(tripId: string) {
  const { api } = useServices();
  return useMutation((reportId: string) => api.delete(base(tripId, `/${encodeURIComponent(reportId)}`)), (_r, c) => changed(c, tripId));
}

/**
 * The signed link of a report's file as a path on this server: the page and its files come from the same server,
 * and the dashboard's Content-Security-Policy lets frames and media come only from there (`'self'`), whatever
 * public address the server writes into its links.
 */
export function fileLink(report: Report): string {
  const url = report.html_url ?? report.audio_url ?? '';
  try {
    const u = new URL(url, location.href);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}
