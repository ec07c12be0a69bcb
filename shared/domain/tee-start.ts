/**
 * When a group tees off (issue 35): its own tee time. The round's first tee time is every group's only where it
 * cannot be anyone else's: a round of one group, or a shotgun given by starting holes alone (more than one group,
 * none with a time of its own, on different holes). Otherwise a group without a tee time has none yet; the round's
 * first tee time is not the time of groups 2, 3 and 4, and nothing may print or tell it as theirs.
 */
export interface TeeGroup {
  teeTime?: string | undefined;
  startingHole?: number | undefined;
}

/** Whether the round's first tee time is every group's start (one group, or a shotgun by starting holes). */
export function roundStartIsEveryGroups(groups: readonly TeeGroup[]): boolean {
  if (groups.length === 0 || groups.some((g) => g.teeTime)) return false;
  return groups.length === 1 || new Set(groups.map((g) => g.startingHole ?? 1)).size > 1;
}

/** A group's tee time ("08:10"), or null when none is set for it. */
export function groupTeeTime(groups: readonly TeeGroup[], group: TeeGroup, roundStart: string | null | undefined): string | null {
  if (group.teeTime) return group.teeTime;
  return roundStart && roundStartIsEveryGroups(groups) ? roundStart : null;
}
