import { scorecardLines, type FrozenHandicap } from '../../shared/domain/leaderboards/hole-lines.js';
import type { TeamLines } from '../../shared/schemas/leaderboards.js';
import { loadRoundData } from '../games/round-data.js';
import { AppError } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import type { Database } from '../store/docstore.js';
import { teamRoundBoard } from './leaderboards.service.js';

/**
 * The derivation of a team's line on the team board (issue 24: any figure opens the hole-by-hole lines it comes
 * from): each member's card as `scorecardLines` reads it — strokes received from the Playing Handicap frozen on the
 * scorecard, the strokes the team board's best ball counts — and the team's counted scores per hole, from the board.
 */
export async function teamLines(db: Database, roundId: string, teamcardId: string): Promise<TeamLines> {
  const board = await teamRoundBoard(db, roundId, 'net');
  const entry = board.entries.find((e) => e.teamcardId === teamcardId);
  if (!entry) throw new AppError('not_found', `no team card ${teamcardId} in round ${roundId}`);
  const [data, players] = await Promise.all([loadRoundData(db, roundId), listPlayers(db)]);
  const names = new Map(players.map((p) => [p.id, p.name]));
  const members = entry.playerIds.map((playerId) => {
    const card = data.cards.get(playerId);
    const row = data.gross.get(playerId) ?? new Map();
    const scores = [...row.entries()].map(([hole, v]) => ({ hole, strokes: typeof v === 'number' ? v : null }));
    const lines = scorecardLines(data.holes, (card?.handicap ?? null) as FrozenHandicap | null, scores);
    return { playerId, name: names.get(playerId) ?? '(removed player)', playingHandicap: lines.playingHandicap, perHole: lines.perHole };
  });
  return { teamcardId, name: entry.name, format: entry.format, bestOf: entry.bestOf, members, holes: entry.holes.map((h) => ({ ...h })) };
}
