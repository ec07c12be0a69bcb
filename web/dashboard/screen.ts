/**
 * What a screen receives from the shell, and what the shell's parts and the screens share. Screens import this
 * module, never the shell (which imports the screens).
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { z } from 'zod';
import type { Trip } from '../../shared/schemas/trip.js';
import type { ApiClient } from './api/client.js';
import type { SessionStore } from './auth/session.js';

export interface ScreenProps {
  params: Record<string, string>;
  query: URLSearchParams;
}

/** A screen inside a trip: the trip is loaded by the shell before the screen renders. */
export interface TripScreenProps extends ScreenProps {
  trip: z.infer<typeof Trip>;
  /** The signed-in account's role on this trip. */
  myRole: 'owner' | 'organizer';
}

export interface AppServices {
  api: ApiClient;
  session: SessionStore;
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useServices outside ServicesContext');
  return s;
}
