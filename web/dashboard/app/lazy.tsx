/** Renders a route's screen, loading its chunk the first time it is opened. */
import type { ComponentChildren, ComponentType } from 'preact';
import { useEffect, useErrorBoundary, useState } from 'preact/hooks';
import { LoadFailed, Loading } from '../ui/query-view.js';

const loaded = new Map<string, ComponentType<any>>();

export function LazyScreen<P extends object>({ id, load, props }: { id: string; load: () => Promise<ComponentType<P>>; props: P }) {
  const [, setTick] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const Screen = loaded.get(id) as ComponentType<P> | undefined;
  useEffect(() => {
    if (loaded.has(id)) return;
    let live = true;
    setError(null);
    load().then(
      (c) => {
        loaded.set(id, c);
        if (live) setTick((t) => t + 1);
      },
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (error) return <LoadFailed error={error} retry={() => location.reload()} />;
  if (!Screen) return <Loading />;
  return (
    <Guard>
      <Screen {...props} />
    </Guard>
  );
}

/** A screen that throws while rendering says so, instead of leaving the page blank. */
function Guard({ children }: { children: ComponentChildren }) {
  const [error, reset] = useErrorBoundary((e: unknown) => console.error('screen failed', e));
  if (error) return <LoadFailed error={error} retry={reset} />;
  return <>{children}</>;
}
