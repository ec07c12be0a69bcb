/**
 * The TV display of a trip (`/trips/:tripId/display`): its settings, the access code a clubhouse TV opens it with
 * (made or revoked; the code itself is shown by the server once, when made), and the payload the TV shows. Keys under
 * `['trip', id, 'display']`.
 */
import type { z } from 'zod';
import type { DisplayAccessCode as DisplayAccessCodeSchema, DisplayConfig as DisplayConfigSchema, DisplaySettingsBody } from '../../../shared/schemas/display.js';
import { useMutation, useQuery } from '../data/hooks.js';
import { useServices } from '../screen.js';

export type DisplayConfig = z.infer<typeof DisplayConfigSchema>;
export type DisplayAccessCode = z.infer<typeof DisplayAccessCodeSchema>;
export type DisplaySettings = z.input<typeof DisplaySettingsBody>;

export const displayKeys = {
  config: (tripId: string) => ['trip', tripId, 'display', 'config'] as const,
};

const base = (tripId: string, rest = '') => `/trips/${encodeURIComponent(tripId)}/display${rest}`;

export function useDisplayConfig(tripId: string) {
  const { api } = useServices();
  return useQuery(displayKeys.config(tripId), () => api.get<DisplayConfig>(base(tripId)));
}

export function useSaveDisplay(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (body: DisplaySettings) => api.put<DisplayConfig>(base(tripId), body),
    (config, c) => c.set(displayKeys.config(tripId), config),
  );
}

/** A new access code; any earlier one stops working at once. */
export function useNewAccessCode(tripId: string) {
  const { api } = useServices();
  return useMutation(
    () => api.post<DisplayAccessCode>(base(tripId, '/access-code')),
    (_r, c) => c.invalidate(displayKeys.config(tripId)),
  );
}

export function useRevokeAccessCode(tripId: string) {
  const { api } = useServices();
  return useMutation(
    () => api.delete(base(tripId, '/access-code')),
    (_r, c) => c.invalidate(displayKeys.config(tripId)),
  );
}

/** The TV page by code, on this server (the address a clubhouse TV opens). */
export const codePagePath = (code: string) => `/display/${encodeURIComponent(code)}`;

/**
 * The organizer's preview of the TV page, whatever the display's access: the page reads the same payload with the
 * dashboard's token, which travels in the fragment (never sent to the server) and which the page takes out of its
 * address at once.
 */
export const previewPath = (tripId: string, token: string) => `/display/trips/${encodeURIComponent(tripId)}#token=${encodeURIComponent(token)}`;
