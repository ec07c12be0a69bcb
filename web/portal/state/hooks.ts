/** Preact hooks over the device library: the open trip, its status, its documents, any observable. */
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { Observable } from 'rxjs';
import type { DeviceStatus, DeviceTrip, TripDocument } from '../../../sync/device/index.js';
import type { KeptTrip } from './keeper.js';

export interface TripContextValue {
  trip: DeviceTrip;
  kept: KeptTrip;
}

export const TripContext = createContext<TripContextValue | null>(null);

/** The trip of the current screen (inside `<TripContext.Provider>`). */
export function useTrip(): TripContextValue {
  const value = useContext(TripContext);
  if (!value) throw new Error('useTrip outside a trip screen');
  return value;
}

/** The latest value of `source` (re-subscribed when `deps` change); `initial` until it emits. */
export function useObservable<T>(source: () => Observable<T>, initial: T, deps: unknown[]): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const sub = source().subscribe({ next: (v) => setValue(() => v), error: () => undefined });
    return () => sub.unsubscribe();
  }, deps);
  return value;
}

/** Every document of one type on the phone, live (undefined while the first read runs). */
export function useDocs<T = TripDocument>(type: string): T[] | undefined {
  const { trip } = useTrip();
  return useObservable<T[] | undefined>(() => trip.docsOfType$(type) as Observable<T[]>, undefined, [trip, type]);
}

export function useStatus(): DeviceStatus {
  const { trip } = useTrip();
  return useObservable(() => trip.status$, trip.status(), [trip]);
}

/** `navigator.onLine`, live. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    addEventListener('online', on);
    addEventListener('offline', off);
    // An event between the first render and this effect would be missed: read the state again now.
    setOnline(navigator.onLine);
    return () => {
      removeEventListener('online', on);
      removeEventListener('offline', off);
    };
  }, []);
  return online;
}
