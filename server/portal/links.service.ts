import type { z } from 'zod';
import type { PlayerLinkInfo } from '../../shared/schemas/portal.js';
import type { AppDeps } from '../deps.js';
import { listPlayers } from '../players/players.service.js';
import type { Database } from '../store/docstore.js';
import type { TripIndexDoc } from '../trips/trip-index.js';
import { lastSeenByPlayer } from './last-seen.js';
import { listTokens } from './tokens.service.js';

/** Each player of the trip with their newest working link, when a link of theirs was first opened, and when their phone was last heard from. */
export async function playerLinks(deps: AppDeps, index: TripIndexDoc, db: Database): Promise<{ createdAt: string; item: z.infer<typeof PlayerLinkInfo> }[]> {
  const [players, tokens, seen] = await Promise.all([listPlayers(db), listTokens(deps, index), lastSeenByPlayer(deps, index.tripId)]);
  return players.map((p) => {
    const mine = tokens.filter((t) => t.playerId === p.id);
    const active = mine.filter((t) => t.status === 'active');
    const opened = mine.map((t) => t.openedAt).filter((x): x is string => !!x).sort()[0];
    const lastSeenAt = seen.get(p.id);
    return {
      createdAt: p.createdAt,
      item: {
        playerId: p.id,
        playerName: p.name,
        ...(p.email ? { email: p.email } : {}),
        // listTokens answers in the order issued: the last is the newest.
        link: active[active.length - 1] ?? null,
        activeLinks: active.length,
        ...(opened ? { openedAt: opened } : {}),
        ...(lastSeenAt ? { lastSeenAt } : {}),
      },
    };
  });
}
