/**
 * Who can come when: pure functions over the players' availability answers, for the summary, the trip wizard and
 * the pairing strategies.
 *
 * Rules: a player who gave `days` can come on those days of the trip and not on its other days; one who gave none
 * has not answered for days. For a round, an explicit answer (`rounds[roundId]`) counts; without one, the answer for
 * the round's date does; without either, the player has not answered for that round.
 */

export interface AvailabilityAnswer {
  playerId: string;
  days?: readonly string[] | undefined;
  rounds?: Readonly<Record<string, boolean>> | undefined;
}

export type Answer = 'available' | 'unavailable' | 'unanswered';

export interface Who {
  available: string[];
  unavailable: string[];
  unanswered: string[];
}

/** A player's answer for one day. */
export function dayAnswer(answer: AvailabilityAnswer | undefined, date: string): Answer {
  if (!answer?.days) return 'unanswered';
  return answer.days.includes(date) ? 'available' : 'unavailable';
}

/** A player's answer for one round: explicit, else their day's. */
export function roundAnswer(answer: AvailabilityAnswer | undefined, round: { id: string; date: string }): Answer {
  const explicit = answer?.rounds?.[round.id];
  if (explicit !== undefined) return explicit ? 'available' : 'unavailable';
  return dayAnswer(answer, round.date);
}

function sortInto(playerIds: readonly string[], answerOf: (playerId: string) => Answer): Who {
  const who: Who = { available: [], unavailable: [], unanswered: [] };
  for (const id of playerIds) who[answerOf(id)].push(id);
  return who;
}

/**
 * Per trip day and per round: who is available, unavailable, or has not answered, each list in the order of
 * `playerIds`. Answers of players not in `playerIds` are ignored.
 */
export function availabilitySummary(input: {
  playerIds: readonly string[];
  tripDays: readonly string[];
  rounds: readonly { id: string; name: string; date: string }[];
  answers: readonly AvailabilityAnswer[];
}): { days: (Who & { date: string })[]; rounds: (Who & { roundId: string; name: string; date: string })[] } {
  const byPlayer = new Map(input.answers.map((a) => [a.playerId, a]));
  return {
    days: input.tripDays.map((date) => ({ date, ...sortInto(input.playerIds, (p) => dayAnswer(byPlayer.get(p), date)) })),
    rounds: input.rounds.map((r) => ({ roundId: r.id, name: r.name, date: r.date, ...sortInto(input.playerIds, (p) => roundAnswer(byPlayer.get(p), r)) })),
  };
}

/**
 * The players who can play `round`, for pairing: those available, plus (unless `strict`) those who have not
 * answered, since nobody has said they cannot.
 */
export function availableForRound(playerIds: readonly string[], answers: readonly AvailabilityAnswer[], round: { id: string; date: string }, strict = false): string[] {
  const byPlayer = new Map(answers.map((a) => [a.playerId, a]));
  return playerIds.filter((p) => {
    const a = roundAnswer(byPlayer.get(p), round);
    return a === 'available' || (!strict && a === 'unanswered');
  });
}

/** Every day from `start` to `end` inclusive (ISO dates). */
export function tripDays(start: string, end: string): string[] {
  const days: string[] = [];
  for (let d = new Date(`${start}T00:00:00Z`); d.toISOString().slice(0, 10) <= end; d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10));
  return days;
}
