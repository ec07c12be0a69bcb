/** What a screen shows while its data loads or when it could not be loaded. */
import type { ComponentChildren } from 'preact';
import { describeFailure } from '../api/errors.js';

export function Loading({ what = 'Loading…' }: { what?: string }) {
  return (
    <p class="loading" role="status" aria-busy="true">
      <span class="spinner" aria-hidden="true" /> {what}
    </p>
  );
}

export function LoadFailed({ error, retry }: { error: unknown; retry?: () => unknown }) {
  return (
    <div class="notice error" role="alert">
      <p>{describeFailure(error)}</p>
      {retry ? (
        <button type="button" class="secondary" onClick={() => void retry()}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** Renders `children(data)` once a query has data; loading and failure otherwise. */
export function QueryView<T>({ query, children, loading }: { query: { data: T | undefined; error: unknown; status: string; refetch: () => unknown }; children: (data: T) => ComponentChildren; loading?: string }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.status === 'error') return <LoadFailed error={query.error} retry={query.refetch} />;
  return <Loading what={loading} />;
}
