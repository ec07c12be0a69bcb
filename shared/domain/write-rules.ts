import { z } from 'zod';
import { PlayerDoc } from '../schemas/player.js';
import { RoundDoc, ScoreDoc, scoreDocId, type RoundState } from '../schemas/round.js';
import { CompetitionDoc } from '../schemas/competition.js';

/** Who writes: the player a portal session acts as (with that player's role), or an organizer. */
export interface Writer {
  playerId: string;
  role: 'player' | 'organizer';
}

/** What the rules need to know of the trip: scorecards and the state of each round. */
export interface WriteFacts {
  scorecards: ReadonlyMap<string, { roundId: string; playerId: string; groupId: string | null }>;
  roundStates: ReadonlyMap<string, RoundState>;
}

/**
 * Document types that may arrive through sync, each with its schema and who may write it. Trip settings, tokens,
 * scorecards, archives and other players' money are never written through sync (issue 3, write rules).
 */
const SYNC_WRITABLE: Record<string, { schema: z.ZodType; who: 'players' | 'organizers' }> = {
  score: { schema: ScoreDoc, who: 'players' },
  player: { schema: PlayerDoc, who: 'organizers' },
  round: { schema: RoundDoc, who: 'organizers' },
  competition: { schema: CompetitionDoc, who: 'organizers' },
};

/** Round states in which scores may be entered. */
const SCORING_STATES: ReadonlySet<RoundState> = new Set(['ready', 'in_progress']);

/**
 * Whether `writer` may write `doc` (a new version, possibly a deletion) over `current` (the stored winner, if any).
 * Answers null when allowed, else the reason, which the gateway sends as a per-document `forbidden`.
 */
export function checkSyncWrite(writer: Writer, doc: Record<string, unknown> & { _id: string; _deleted?: boolean }, current: Record<string, unknown> | undefined, facts: WriteFacts): string | null {
  if (doc._id.startsWith('_design/')) return 'design documents are not written through sync';
  const type = (doc._deleted ? current?.type : doc.type) as string | undefined;
  if (current && !doc._deleted && current.type !== doc.type) return `a ${String(current.type)} document cannot become a ${String(doc.type)}`;
  const rule = type ? SYNC_WRITABLE[type] : undefined;
  if (!rule) return `documents of type ${type ?? '(none)'} are not written through sync`;
  if (rule.who === 'organizers' && writer.role !== 'organizer') return `only organizers write ${type} documents`;
  if (type === 'score') return checkScore(writer, (doc._deleted ? current : doc) as Record<string, unknown>, doc, facts);
  if (doc._deleted) return null;
  const parsed = rule.schema.safeParse(doc);
  if (!parsed.success) return `not a valid ${type}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  const id = (doc as { id?: unknown }).id;
  if (doc._id !== `${type}:${String(id)}`) return `a ${type} document's _id must be ${type}:<id>`;
  return null;
}

function checkScore(writer: Writer, value: Record<string, unknown> | undefined, doc: { _id: string; _deleted?: boolean }, facts: WriteFacts): string | null {
  if (!value) return 'no such score to delete';
  if (!doc._deleted) {
    const parsed = ScoreDoc.safeParse(value);
    if (!parsed.success) return `not a valid score: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  }
  const score = value as { scorecardId: string; hole: number; roundId: string; playerId: string };
  if (doc._id !== scoreDocId(score.scorecardId, score.hole)) return 'a score document\'s _id must be score:<scorecardId>:<hole>';
  const card = facts.scorecards.get(score.scorecardId);
  if (!card) return `no scorecard ${score.scorecardId}`;
  if (card.roundId !== score.roundId || card.playerId !== score.playerId) return 'the score names another round or player than its scorecard';
  const state = facts.roundStates.get(card.roundId);
  if (!state || !SCORING_STATES.has(state)) return `the round is ${state ?? 'gone'}: scores are entered only while it is ready or in progress`;
  if (writer.role === 'organizer' || card.playerId === writer.playerId) return null;
  const mine = [...facts.scorecards.values()].find((c) => c.roundId === card.roundId && c.playerId === writer.playerId);
  if (mine && mine.groupId !== null && mine.groupId === card.groupId) return null;
  return 'players enter scores only on scorecards of their own group';
}
