/**
 * A round's document in its trip's database: the one read every round-related service starts from. It sits below
 * them all (the round service, the games' round data, the point games), so none of them needs another to find it.
 */
import type { RoundDoc } from '../../shared/schemas/round.js';
import { AppError } from '../http/errors.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { readDoc } from '../store/docs.js';

export const roundDocId = (roundId: string) => `round:${roundId}`;

/** The round, or 404 `round_not_found`. `at`: read as of that state of the database (`readDoc`), for a value computed for it. */
export async function getRound(db: Database, roundId: string, at?: string | number): Promise<RoundDoc & StoredDoc> {
  const r = await readDoc<RoundDoc & StoredDoc>(db, roundDocId(roundId), at);
  if (!r) throw new AppError('round_not_found', `no round ${roundId} on this trip`);
  return r;
}
