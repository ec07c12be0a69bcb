/** What a screen shows while its data loads or when it could not be loaded. */
import type { ComponentChildren } from 'preact';
import { describeFailure, isApiError } from '../api/errors.js';
import { href } from '../paths.js';

export function Loading({ what = 'Loading…' }: { what?: string }) {
  return (
    <p class="loading" role="status" aria-busy="true">
      <span class="spinner" aria-hidden="true" /> {what}
    </p>
  );
}

/**
 * Failures a second try can mend: no answer, too many attempts, a busy or failing server, or an error in the page.
 * A refusal (no access, not found, bad input) answers the same every time, so it offers no "Try again".
 */
const mendable = (error: unknown) => !isApiError(error) || error.kind === 'network' || error.kind === 'rate_limited' || error.kind === 'unavailable' || error.kind === 'server';

/** No access to what was asked: not found (the API answers 404 for a trip one no longer organizes) or forbidden. */
export const isNoAccess = (error: unknown) => isApiError(error) && (error.kind === 'not_found' || error.kind === 'forbidden');

export function LoadFailed({ error, retry, noAccess }: { error: unknown; retry?: () => unknown; noAccess?: string }) {
  const refused = isNoAccess(error);
  return (
    <div class="notice error" role="alert">
      <p>{refused && noAccess ? noAccess : describeFailure(error)}</p>
      {retry && mendable(error) ? (
        <button type="button" class="secondary" onClick={() => void retry()}>
          Try again
        </button>
      ) : null}
      {refused ? (
        <p>
          <a href={href('trips')}>Back to your trips</a>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Renders `children(data)` once a query has data; loading and failure otherwise. `noAccess`: what to say when the
 * answer is a refusal of access (404 or 403) instead of the general sentence.
 */
export function QueryView<T>({
  query,
  children,
  loading,
  noAccess,
}: {
  query: { data: T | undefined; error: unknown; status: string; refetch: () => unknown };
  children: (data: T) => ComponentChildren;
  loading?: string;
  noAccess?: string;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.status === 'error') return <LoadFailed error={query.error} retry={query.refetch} noAccess={noAccess} />;
  return <Loading what={loading} />;
}
