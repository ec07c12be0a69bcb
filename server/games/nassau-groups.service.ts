import type { z } from 'zod';
import { sidesByHandicap } from '../../shared/domain/games/four-ball-sides.js';
import type { NassauPerGroupAnswer, NassauPerGroupBody, SideGameDoc } from '../../shared/schemas/games.js';
import type { Group, ScorecardDoc } from '../../shared/schemas/round.js';
import type { AppDeps } from '../deps.js';
import { AppError, unwrap } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import { roundHandicaps } from '../rounds/round-handicaps.routes.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsWithPrefix } from '../store/docs.js';
import { newDocFields } from '../trips/trip-db.js';
import { assertGameMayChange, loadRoundData } from './round-data.js';
import { checkSideGame, gamePlayers } from './sidegames.state.js';
import { listSideGames, presentSideGame, type Creator, type StoredGame } from './sidegames.service.js';
import { roundTeamcards } from './teamcards.service.js';

type Answer = z.infer<typeof NassauPerGroupAnswer>;
type GroupRow = Answer['groups'][number];
type Sides = { a: string[]; b: string[] };

/** Every pair of a group's players, in the pairings' order: 1 v 2, 1 v 3, 1 v 4, 2 v 3, 2 v 4, 3 v 4. */
function roundRobin(ids: readonly string[]): Sides[] {
  const out: Sides[] = [];
  ids.forEach((p, i) => ids.slice(i + 1).forEach((q) => out.push({ a: [p], b: [q] })));
  return out;
}

const MAX_NAME = 120;
const clip = (s: string) => (s.length <= MAX_NAME ? s : `${s.slice(0, MAX_NAME - 1)}…`);

/**
 * `POST /trips/:tripId/rounds/:roundId/nassau-per-group` (issue 35): a Nassau in every group of the round's pairings
 * in one request, the stakes given once.
 * - `four_ball`: a group of four plays two against two: the round's four-ball sides for that group when it has them
 *   (`PUT …/sides`), else the partners asked for (`order`: 1 and 2 against 3 and 4; `handicap`: `sidesByHandicap`, on
 *   the Playing Handicaps frozen on the scorecards, or a draft round's preview of them). A group of two plays a
 *   singles match; a group of three, five or six cannot make two sides of two and is left out (reported
 *   `not_four`): the singles action then adds its matches, as it adds only where no Nassau is.
 * - `singles`: every player against each of the others in their group.
 * A group with a Nassau already (one whose players all play in that group) is left alone (reported `has_nassau`).
 * Every game is checked as `POST …/side-games` checks it before any is stored; then all are written in one batch.
 */
export async function nassauPerGroup(deps: AppDeps, db: Database, tripId: string, roundId: string, body: NassauPerGroupBody, createdBy: Creator): Promise<Answer> {
  const data = await loadRoundData(db, roundId);
  const { round } = data;
  assertGameMayChange(round, body.confirmCompleted);
  const refuse = (message: string, path: (string | number)[] = ['body', 'roundId']): never => {
    throw new AppError('unprocessable', message, [{ path, message }]);
  };
  if (round.groups.length === 0) refuse(`round ${round.name} has no groups yet: make its pairings first, then add a Nassau in every group`);
  if (round.course && round.course.holes.length !== 18) refuse('a Nassau is played over 18 holes (front nine, back nine, overall); this course has 9');
  const [players, existing, teamcards, cards] = await Promise.all([
    listPlayers(db),
    listSideGames(db, roundId),
    body.pairing === 'four_ball' ? roundTeamcards(db, roundId).then((t) => t.cards) : Promise.resolve([]),
    body.pairing === 'four_ball' && body.partners === 'handicap' ? docsWithPrefix<ScorecardDoc & StoredDoc>(db, `scorecard:${roundId}-`) : Promise.resolve([]),
  ]);
  const name = new Map(players.map((p) => [p.id, p.name]));
  const phs = body.partners === 'handicap' ? new Map(roundHandicaps(round, players, cards).players.map((p) => [p.playerId, p.playingHandicap])) : new Map<string, number | null>();
  const nassaus = existing.filter((g) => g.kind === 'nassau');
  const groupName = (g: Group) => `Nassau – ${round.name}, group ${g.number}`;

  const rows: GroupRow[] = [];
  const docs: StoredGame[] = [];
  const add = (g: Group, sides: Sides, title: string) => {
    const doc = { ...newDocFields(deps, 'sidegame', deps.newId()), kind: 'nassau', roundId, name: clip(title), basis: body.basis, participants: sides, config: body.config, createdBy } as StoredGame;
    checkSideGame(doc as SideGameDoc, data);
    docs.push(doc);
    return doc.id;
  };
  for (const g of round.groups) {
    const inGroup = new Set(g.playerIds);
    const row: GroupRow = { groupId: g.id, number: g.number, players: g.playerIds.length, pairedBy: null, gameIds: [], skipped: null, message: '' };
    rows.push(row);
    const had = nassaus.find((n) => gamePlayers(n).every((p) => inGroup.has(p)));
    if (had) {
      row.skipped = 'has_nassau';
      row.message = `group ${g.number} has a Nassau already (${had.name}): left as it is`;
      continue;
    }
    const singles = body.pairing === 'singles' || g.playerIds.length === 2;
    if (singles) {
      row.pairedBy = 'singles';
      for (const sides of roundRobin(g.playerIds)) row.gameIds.push(add(g, sides, `${groupName(g)}: ${name.get(sides.a[0]!) ?? ''} v ${name.get(sides.b[0]!) ?? ''}`));
      row.message =
        body.pairing === 'singles'
          ? `group ${g.number}: ${row.gameIds.length === 1 ? 'one singles match' : `${row.gameIds.length} singles matches, every player against each of the others`}`
          : `group ${g.number} has two players: they play a singles Nassau`;
      continue;
    }
    if (g.playerIds.length !== 4) {
      row.skipped = 'not_four';
      row.message = `group ${g.number} has ${g.playerIds.length} players and cannot make two sides of two: add singles for it (Nassau in every group, singles, adds games only where there is no Nassau)`;
      continue;
    }
    const madeSides = teamcards.filter((c) => c.source === 'sides' && c.groupId === g.id && c.playerIds.length === 2);
    let sides: Sides;
    if (madeSides.length === 2) {
      row.pairedBy = 'sides';
      sides = { a: [...madeSides[0]!.playerIds], b: [...madeSides[1]!.playerIds] };
    } else if (body.partners === 'handicap') {
      row.pairedBy = 'handicap';
      const [a, b] = unwrap(sidesByHandicap(g.playerIds.map((id) => ({ id, playingHandicap: phs.get(id) ?? null }))));
      sides = { a, b };
    } else {
      row.pairedBy = 'order';
      const [p1, p2, p3, p4] = g.playerIds as [string, string, string, string];
      sides = { a: [p1, p2], b: [p3, p4] };
    }
    row.gameIds.push(add(g, sides, groupName(g)));
    const words = { sides: 'the round’s four-ball sides', handicap: 'the lowest and highest handicaps against the middle two', order: 'players 1 and 2 against 3 and 4' }[row.pairedBy];
    row.message = `group ${g.number}: ${words}`;
  }
  if (docs.length) {
    const results = await db.bulkDocs(docs);
    const failed = results.filter((r) => r.error);
    if (failed.length) {
      // New ids cannot conflict; a store that refused some writes leaves none of this request's games behind.
      const written = results.filter((r) => r.ok && r.rev).map((r) => ({ _id: r.id, _rev: r.rev!, _deleted: true }));
      if (written.length) await db.bulkDocs(written);
      throw new AppError('conflict', `the games could not be stored (${failed[0]!.reason ?? failed[0]!.error}); nothing was added, try again`);
    }
    const revs = new Map(results.map((r) => [r.id, r.rev]));
    for (const d of docs) d._rev = revs.get(d._id);
  }
  return { pairing: body.pairing, created: docs.map((d) => presentSideGame(tripId, d)), groups: rows };
}
