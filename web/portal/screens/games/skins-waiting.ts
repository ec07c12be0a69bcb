/**
 * Why a skins hole is not decided yet, on the phone (issue 35): a skin needs every player in the game to have
 * finished the hole, so a hole some groups have played waits for the others' cards.
 */
export interface WaitingHole {
  hole: number;
  /** Cards (players in the game) that have not finished the hole yet. */
  cards: number;
}

/** "Hole 7: waiting for 3 more cards on this hole." */
export function waitingLine(w: WaitingHole): string {
  return `Hole ${w.hole}: waiting for ${w.cards === 1 ? '1 more card' : `${w.cards} more cards`} on this hole.`;
}

export const WAITING_WHY = 'A skin is decided once every player in the game has finished the hole.';
