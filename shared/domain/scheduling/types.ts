/** Types shared by the scheduling functions (pairings, tee times, rotations, waves, round robin). */

/** A player as scheduling sees them. `handicapIndex` null: no index (sorted after every player who has one). */
export interface SchedPlayer {
  id: string;
  name: string;
  handicapIndex: number | null;
  team?: string | null;
  division?: string | null;
  flight?: string | null;
  /** Organizer-defined fields (e.g. "club": "North"), for assignment by a custom field. */
  custom?: Readonly<Record<string, string | number>>;
}

/** Keep Together: the players share a group. Keep Apart: no two of them share a group. Priority 1–10, higher wins. */
export interface SchedRule {
  id: string;
  kind: 'keep_together' | 'keep_apart';
  playerIds: string[];
  priority: number;
}

/** A rule a result does not honour, and why (never left out: nothing is broken silently). */
export interface RuleBreak {
  ruleId: string;
  kind: SchedRule['kind'];
  priority: number;
  reason: string;
}

/** Groups of player ids, in tee order. */
export type Groups = string[][];

/** A local wall-clock time `HH:MM` in the trip's time zone. */
export type LocalTime = string;
