import type { RoundDoc, ScoreDoc } from '../schemas/round.js';
import { roundPlayerIds } from './rounds.js';

/**
 * The control room of a round (issue 24): per group, holes completed and the holes still missing per player; per
 * round, open disputes and, once the round is over, every missing score with who should have entered it. Pure: the
 * "last heard from" times (server memory and registry) are merged in by the caller.
 */

export interface RoomPlayer {
  playerId: string;
  name: string;
  holesEntered: number;
  missingHoles: number[];
}

export interface RoomGroup {
  groupId: string | null;
  number: number | null;
  teeTime: string | null;
  startingHole: number;
  lastHole: number;
  players: RoomPlayer[];
  thru: number;
  holesPlayed: number;
  status: 'not_started' | 'playing' | 'finished';
  pastLastHole: boolean;
}

export interface RoomMissing {
  playerId: string;
  name: string;
  hole: number;
  scorecardId: string;
  groupId: string | null;
  shouldHaveEntered: { playerId: string; name: string }[];
}

export interface Room {
  roundId: string;
  name: string;
  state: RoundDoc['state'];
  holes: number;
  groups: RoomGroup[];
  openDisputes: number;
  roundOver: boolean;
  missingScores: RoomMissing[];
}

type GameScore = Pick<ScoreDoc, 'roundId' | 'playerId' | 'hole'> & { disputed?: boolean | undefined };

/**
 * The room from the round, its scores and the players' names. A group's last hole is the one before its starting
 * hole (a shotgun start on 5 finishes on 4). A group is past its last hole once any of its players has a score there.
 * @example controlRoom(round, scores, new Map([['anna01', 'Anna']])).groups[0].thru // 7
 */
export function controlRoom(round: RoundDoc, scores: readonly GameScore[], names: ReadonlyMap<string, string>): Room {
  const holeNumbers = (round.course?.holes ?? []).map((h) => h.number);
  const holes = holeNumbers.length;
  const entered = new Map<string, Set<number>>();
  let openDisputes = 0;
  for (const s of scores) {
    if (s.roundId !== round.id || s.hole > holes) continue;
    const set = entered.get(s.playerId) ?? new Set<number>();
    set.add(s.hole);
    entered.set(s.playerId, set);
    if (s.disputed) openDisputes += 1;
  }
  const grouped = new Set(round.groups.flatMap((g) => g.playerIds));
  const loose = roundPlayerIds(round).filter((p) => !grouped.has(p));
  const raw = [
    ...round.groups.map((g) => ({ groupId: g.id, number: g.number, teeTime: g.teeTime ?? null, startingHole: g.startingHole ?? 1, playerIds: g.playerIds })),
    ...(loose.length > 0 ? [{ groupId: null, number: null, teeTime: null, startingHole: 1, playerIds: loose }] : []),
  ];
  const nameOf = (p: string) => names.get(p) ?? '(removed player)';
  const groups = raw.map((g) => {
    const played = new Set(g.playerIds.flatMap((p) => [...(entered.get(p) ?? [])]));
    const thru = holeNumbers.filter((h) => g.playerIds.every((p) => entered.get(p)?.has(h))).length;
    const lastHole = holes === 0 ? 0 : g.startingHole <= 1 || g.startingHole > holes ? holes : g.startingHole - 1;
    const finished = holes > 0 && thru === holes;
    const status: RoomGroup['status'] = finished ? 'finished' : played.size === 0 ? 'not_started' : 'playing';
    return { ...g, played, thru, lastHole, status, pastLastHole: finished || played.has(lastHole) };
  });
  const roundOver = round.state === 'completed' || (groups.length > 0 && groups.every((g) => g.pastLastHole));
  const missingScores: RoomMissing[] = [];
  const out = groups.map(({ playerIds, played, ...g }): RoomGroup => {
    const scope = roundOver ? holeNumbers : holeNumbers.filter((h) => played.has(h));
    const players = playerIds.map((p) => {
      const mine = entered.get(p) ?? new Set<number>();
      const missingHoles = scope.filter((h) => !mine.has(h));
      if (roundOver) {
        for (const hole of missingHoles) {
          missingScores.push({ playerId: p, name: nameOf(p), hole, scorecardId: `${round.id}-${p}`, groupId: g.groupId, shouldHaveEntered: playerIds.map((q) => ({ playerId: q, name: nameOf(q) })) });
        }
      }
      return { playerId: p, name: nameOf(p), holesEntered: mine.size, missingHoles };
    });
    return { ...g, holesPlayed: played.size, players };
  });
  return { roundId: round.id, name: round.name, state: round.state, holes, groups: out, openDisputes, roundOver, missingScores };
}
