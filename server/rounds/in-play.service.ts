/**
 * Groups changed once a round has scorecards (ready or in progress), issue 34: the rule is `regroup.ts`'s, decided on
 * the round and the scores read before the write, and decided again on the scores read after it. A score that
 * arrived for a changed group meanwhile (its first tee shot, entered on a phone between the read and the write) makes
 * the change fail with 409 `revision_conflict` and puts the groups back, so a started group is never moved silently.
 * The scorecards follow once the change stands: moved players' cards name their new group, a late arrival gets a card
 * with their handicap frozen, a player taken out without a score loses theirs.
 */
import { handicapSnapshot, roundPlayerIds, teeFor } from '../../shared/domain/rounds.js';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { RoundDoc, ScorecardDoc, ScoreDoc } from '../../shared/schemas/round.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsWithPrefix, updateDoc } from '../store/docs.js';
import { newDocFields } from '../trips/trip-db.js';
import { regroupProblems, type RegroupProblem } from './regroup.js';

type Stored<T> = T & StoredDoc;

const scoredPlayers = async (db: Database, roundId: string) => new Set((await docsWithPrefix<Stored<ScoreDoc>>(db, `score:${roundId}-`)).map((s) => s.playerId));

function refuse(problems: RegroupProblem[], code: 'group_started' | 'revision_conflict', lead = ''): never {
  throw new AppError(code, `${lead}${problems[0]!.message}`, problems.map((p) => ({ path: ['body', 'groups', p.group - 1], message: p.message, group: p.group })));
}

/**
 * Writes `next` (the round with its new groups, checked for composition) over `current`, a round with scorecards.
 * 409 `group_started` when it changes a started group or drops a player with scores; 422 when a newcomer has no tee.
 */
export async function writeGroupsInPlay(deps: AppDeps, db: Database, current: Stored<RoundDoc>, next: Stored<RoundDoc>): Promise<Stored<RoundDoc>> {
  const [scored, players, cards] = await Promise.all([scoredPlayers(db, current.id), listPlayers(db), docsWithPrefix<Stored<ScorecardDoc>>(db, `scorecard:${current.id}-`)]);
  const byId = new Map(players.map((p) => [p.id, p] as const));
  const name = (id: string) => byId.get(id)?.name ?? 'a removed player';
  const out = new Set(cards.filter((c) => c.outOfPlay).map((c) => c.playerId));
  const decide = (withScores: ReadonlySet<string>) => regroupProblems(current.groups, next.groups, roundPlayerIds(current), withScores, name, out);
  const first = decide(scored);
  if (first.length > 0) refuse(first, 'group_started');

  const before = new Set(roundPlayerIds(current));
  const after = roundPlayerIds(next);
  const newcomers = after.filter((p) => !before.has(p));
  const leavers = [...before].filter((p) => !after.includes(p));
  const noTee = newcomers.filter((p) => !teeFor(next, p));
  if (noTee.length > 0) {
    throw new AppError('unprocessable', `${noTee.map(name).join(', ')} ${noTee.length === 1 ? 'has' : 'have'} no tee in this round: choose a default tee for the round first`, noTee.map((p) => ({ path: ['body', 'groups'], message: `${name(p)} has no tee`, playerId: p })));
  }

  // Test-only fault point: a phone's score landing between the decision and the write.
  await deps.hooks.beforeRegroupWrite?.(db.name, current.id);
  const written = await updateDoc<Stored<RoundDoc>>(db, current._id, (doc) => {
    if (doc._rev !== current._rev) throw new AppError('revision_conflict', 'the round changed while this edit was checked; read it again and retry');
    return next;
  });
  // Decided again on the scores as they are now: one that arrived meanwhile for a changed group undoes the change.
  const again = decide(await scoredPlayers(db, current.id));
  if (again.length > 0) {
    await updateDoc<Stored<RoundDoc>>(db, current._id, (doc) =>
      doc._rev === written!._rev ? { ...doc, groups: current.groups, playerIds: current.playerIds, updatedAt: deps.now().toISOString() } : undefined,
    );
    refuse(again, 'revision_conflict', 'Nothing changed: a score arrived while this change was being made. ');
  }

  const now = deps.now().toISOString();
  const groupOf = new Map(written!.groups.flatMap((g) => g.playerIds.map((p) => [p, g.id] as const)));
  const cardOf = new Map(cards.map((c) => [c.playerId, c] as const));
  const writes: StoredDoc[] = [];
  for (const c of cards) {
    if (leavers.includes(c.playerId)) writes.push({ _id: c._id, _rev: c._rev!, _deleted: true } as StoredDoc);
    else if ((groupOf.get(c.playerId) ?? null) !== c.groupId) writes.push({ ...c, groupId: groupOf.get(c.playerId) ?? null, updatedAt: now });
  }
  for (const p of newcomers) {
    if (cardOf.has(p)) continue;
    writes.push({
      ...newDocFields(deps, 'scorecard', `${current.id}-${p}`),
      roundId: current.id,
      playerId: p,
      groupId: groupOf.get(p) ?? null,
      handicap: handicapSnapshot(written!, p, (byId.get(p) as PlayerDoc | undefined)?.handicapIndex),
    } as Stored<ScorecardDoc>);
  }
  if (writes.length > 0) {
    const results = await db.bulkDocs(writes);
    const failed = results.filter((r) => r.error);
    if (failed.length > 0) deps.logger.warn('scorecards not regrouped; the next change of the groups writes them again', { roundId: current.id, failed: failed.map((f) => f.id) });
  }
  return written!;
}
