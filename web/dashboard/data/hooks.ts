/**
 * Preact bindings of the data layer: `useQuery` reads an entry and keeps the view in step with it, `useMutation`
 * runs a write and then what it changed (`set`/`invalidate`). Screens use the per-resource hooks built on these
 * (`../api/queries.ts`), not these directly with inline keys.
 */
import { createContext } from 'preact';
import { useCallback, useContext, useEffect, useRef, useState } from 'preact/hooks';
import { hashKey, type QueryClient, type QueryKey, type QueryState } from './query.js';

export const QueryContext = createContext<QueryClient | null>(null);

export function useQueryClient(): QueryClient {
  const c = useContext(QueryContext);
  if (!c) throw new Error('useQueryClient outside QueryContext');
  return c;
}

export interface UseQueryOptions<T> {
  /** False: do not fetch (yet). */
  enabled?: boolean;
  /** Fetch again every so many ms while mounted; a function decides from the data (e.g. stop when done). */
  refetchInterval?: number | ((data: T | undefined) => number | false);
}

export function useQuery<T>(key: QueryKey, fn: () => Promise<T>, options: UseQueryOptions<T> = {}): QueryState<T> & { refetch: () => Promise<T> } {
  const client = useQueryClient();
  const h = hashKey(key);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const [state, setState] = useState<QueryState<T>>(() => client.state<T>(key));
  const enabled = options.enabled !== false;

  useEffect(() => {
    setState(client.state<T>(key));
    const unsubscribe = client.subscribe(key, () => setState(client.state<T>(key)));
    if (enabled) client.fetch(key, () => fnRef.current()).catch(() => undefined);
    return unsubscribe;
    // The key's text stands for the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, h, enabled]);

  const interval = typeof options.refetchInterval === 'function' ? options.refetchInterval(state.data) : options.refetchInterval;
  useEffect(() => {
    if (!enabled || !interval) return;
    const t = setTimeout(() => void client.fetch(key, () => fnRef.current(), true).catch(() => undefined), interval);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, h, enabled, interval, state.updatedAt, state.error]);

  const refetch = useCallback(() => client.fetch(key, () => fnRef.current(), true), [client, h]);
  return { ...state, refetch };
}

export interface MutationState<R> {
  pending: boolean;
  error: unknown;
  data: R | undefined;
}

/**
 * A write: `run(input)` sends it, then `after(result, client)` refreshes what it changed. The error is kept for the
 * view and thrown to the caller (a form turns it into problems at its fields).
 */
export function useMutation<I, R>(send: (input: I) => Promise<R>, after?: (result: R, client: QueryClient, input: I) => void | Promise<void>) {
  const client = useQueryClient();
  const [state, setState] = useState<MutationState<R>>({ pending: false, error: undefined, data: undefined });
  const run = useCallback(
    async (input: I): Promise<R> => {
      setState({ pending: true, error: undefined, data: undefined });
      try {
        const result = await send(input);
        await after?.(result, client, input);
        setState({ pending: false, error: undefined, data: result });
        return result;
      } catch (error) {
        setState({ pending: false, error, data: undefined });
        throw error;
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client],
  );
  return { ...state, run };
}
