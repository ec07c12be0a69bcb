/**
 * The players of a trip and their portal links: queries keyed under `['trip', id, 'players' | 'links']`, and one
 * mutation per write that refreshes what it changed (see queries.ts for the rules).
 */
import type { z } from 'zod';
import type { BulkPlayersBody, PatchPlayerBody, PlayerInput, Player as PlayerSchema } from '../../../shared/schemas/player.js';
import type { IssuedToken as IssuedTokenSchema, PlayerLinkInfo as PlayerLinkInfoSchema, ShownLinks as ShownLinksSchema } from '../../../shared/schemas/portal.js';
import type { SendReport as SendReportSchema } from '../../../shared/schemas/identity.js';
import { useMutation, useQuery } from '../data/hooks.js';
import type { QueryClient } from '../data/query.js';
import { useServices } from '../screen.js';
import type { ApiClient } from './client.js';

export type Player = z.infer<typeof PlayerSchema>;
export type PlayerLink = z.infer<typeof PlayerLinkInfoSchema>;
export type IssuedToken = z.infer<typeof IssuedTokenSchema>;
export type SendReport = z.infer<typeof SendReportSchema>;
export type ShownLinks = z.infer<typeof ShownLinksSchema>;
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** Rows per page of the players and links lists (the API pages by cursor). */
export const PLAYERS_PAGE_SIZE = 50;

export const playerKeys = {
  all: (tripId: string) => ['trip', tripId, 'players'] as const,
  page: (tripId: string, cursor: string) => ['trip', tripId, 'players', 'page', cursor] as const,
  everyone: (tripId: string) => ['trip', tripId, 'players', 'all'] as const,
  links: (tripId: string) => ['trip', tripId, 'links'] as const,
  linksPage: (tripId: string, cursor: string) => ['trip', tripId, 'links', 'page', cursor] as const,
  contents: (tripId: string) => ['trip', tripId, 'contents'] as const,
};

const base = (tripId: string, rest = '') => `/trips/${encodeURIComponent(tripId)}${rest}`;
const pageQuery = (cursor: string, limit: number) => `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/** Every page of a cursor-paged list, followed to its end (the import compares a sheet with every player). */
async function everyPage<T>(api: ApiClient, path: string): Promise<T[]> {
  const out: T[] = [];
  let cursor = '';
  for (;;) {
    const page = await api.get<CursorPage<T>>(`${path}${pageQuery(cursor, 500)}`);
    out.push(...page.items);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
}

export function usePlayersPage(tripId: string, cursor: string) {
  const { api } = useServices();
  return useQuery(playerKeys.page(tripId, cursor), () => api.get<CursorPage<Player>>(base(tripId, `/players${pageQuery(cursor, PLAYERS_PAGE_SIZE)}`)));
}

export function useAllPlayers(tripId: string, enabled = true) {
  const { api } = useServices();
  return useQuery(playerKeys.everyone(tripId), () => everyPage<Player>(api, base(tripId, '/players')), { enabled });
}

export function useLinksPage(tripId: string, cursor: string) {
  const { api } = useServices();
  return useQuery(playerKeys.linksPage(tripId, cursor), () => api.get<CursorPage<PlayerLink>>(base(tripId, `/portal-links${pageQuery(cursor, PLAYERS_PAGE_SIZE)}`)));
}

/** A change of players changes the lists, the links view (names, emails) and the trip's counts. */
const playersChanged = (c: QueryClient, tripId: string) =>
  Promise.all([c.invalidate(playerKeys.all(tripId)), c.invalidate(playerKeys.links(tripId)), c.invalidate(playerKeys.contents(tripId))]).then(() => undefined);

export function useAddPlayer(tripId: string) {
  const { api } = useServices();
  return useMutation((body: z.input<typeof PlayerInput>) => api.post<Player>(base(tripId, '/players'), body), (_r, c) => playersChanged(c, tripId));
}

export function usePatchPlayer(tripId: string) {
  const { api } = useServices();
  return useMutation(
    ({ playerId, body }: { playerId: string; body: z.input<typeof PatchPlayerBody> }) => api.patch<Player>(base(tripId, `/players/${encodeURIComponent(playerId)}`), body),
    (_r, c) => playersChanged(c, tripId),
  );
}

export function useDeletePlayer(tripId: string) {
  const { api } = useServices();
  return useMutation((playerId: string) => api.delete(base(tripId, `/players/${encodeURIComponent(playerId)}`)), (_r, c) => playersChanged(c, tripId));
}

export function useBulkPlayers(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof BulkPlayersBody>) => api.post<{ items: Player[]; updated: Player[] }>(base(tripId, '/players/bulk'), body),
    (_r, c) => playersChanged(c, tripId),
  );
}

/** Mails links (every player with an email, or `playerIds`): the link each player has (a new one for a player with none); nothing stops working. */
export function useSendLinks(tripId: string) {
  const { api } = useServices();
  return useMutation((playerIds: string[] | undefined) => api.post<SendReport>(base(tripId, '/portal-tokens/send'), playerIds ? { playerIds } : {}), (_r, c) => c.invalidate(playerKeys.links(tripId)));
}

/**
 * Replaces one player's link: a new link, and their earlier links are revoked by the same request (`replace`), so
 * the new one is the only one that works.
 */
export function useReplaceLink(tripId: string) {
  const { api } = useServices();
  return useMutation((playerId: string) => api.post<IssuedToken>('/trip-portal/token', { tripId, playerId, replace: true }), (_r, c) => c.invalidate(playerKeys.links(tripId)));
}

/**
 * The working links of every player (or `playerIds`), shown again to copy or print; with `make`, a new link for
 * each player who has none. Nothing is revoked.
 */
export function useShowLinks(tripId: string) {
  const { api } = useServices();
  return useMutation(
    ({ playerIds, make }: { playerIds?: string[]; make: boolean }) => api.post<ShownLinks>(base(tripId, '/portal-links/show'), { make, ...(playerIds?.length ? { playerIds } : {}) }),
    (r, c) => (r.made.length ? c.invalidate(playerKeys.links(tripId)) : undefined),
  );
}

export function useRevokeLink(tripId: string) {
  const { api } = useServices();
  return useMutation((tokenId: string) => api.post(base(tripId, `/portal-tokens/${encodeURIComponent(tokenId)}/revoke`)), (_r, c) => c.invalidate(playerKeys.links(tripId)));
}
