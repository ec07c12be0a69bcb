/**
 * The TV display of a trip (`/trips/:tripId/display`): its settings, the access code a clubhouse TV opens it with
 * (made or revoked; the code itself is shown by the server once, when made), and the payload the TV shows. Keys under
 * `['trip', id, 'display']`.
 */
import type { z } from 'zod';
import { useEffect, useState } from 'preact/hooks';
import type {
  DisplayAccessCode as DisplayAccessCodeSchema,
  DisplayConfig as DisplayConfigSchema,
  DisplayPreviewToken as DisplayPreviewTokenSchema,
  DisplaySettingsBody,
} from '../../../shared/schemas/display.js';
import { useMutation, useQuery } from '../data/hooks.js';
import { useServices } from '../screen.js';

export type DisplayConfig = z.infer<typeof DisplayConfigSchema>;
export type DisplayAccessCode = z.infer<typeof DisplayAccessCodeSchema>;
export type DisplaySettings = z.input<typeof DisplaySettingsBody>;
export type DisplayPreviewToken = z.infer<typeof DisplayPreviewTokenSchema>;

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
 * A new display preview token every so often: the preview page's token reads this trip's display and nothing else, for
 * 15 minutes (the server's `DISPLAY_PREVIEW_TTL_SECONDS`). The dashboard's own token is never put in the preview's
 * address. Renewed every 5 minutes while the preview is on screen, so a preview opened from here has 10 to 15 minutes
 * left; kept in this component only (not in the query cache, where a screen opened again would first show an expired
 * one).
 */
export const PREVIEW_RENEW_MS = 5 * 60_000;
const PREVIEW_RETRY_MS = 10_000;

export function useDisplayPreview(tripId: string): DisplayPreviewToken | null {
  const { api } = useServices();
  const [preview, setPreview] = useState<DisplayPreviewToken | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setPreview(null);
    const mint = () =>
      api.post<DisplayPreviewToken>(base(tripId, '/preview-token')).then(
        (p) => {
          if (!live) return;
          setPreview(p);
          timer = setTimeout(mint, PREVIEW_RENEW_MS);
        },
        () => {
          if (live) timer = setTimeout(mint, PREVIEW_RETRY_MS);
        },
      );
    void mint();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, tripId]);
  return preview;
}
