import {
  checkSideGame as checkSideGameOf,
  sideGameState as sideGameStateOf,
  type RoundData,
} from '../../shared/domain/games/state/index.js';
import type { SideGameDoc, SideGameState } from '../../shared/schemas/games.js';
import { unwrap } from '../http/errors.js';

export { gamePlayers, pressId } from '../../shared/domain/games/state/index.js';

/**
 * The current state of a side game (`shared/domain/games/state`): computed from the round's scores with the pure
 * rules; a failure of the rules answers its error.
 */
export function sideGameState(game: SideGameDoc, data: RoundData): SideGameState {
  return unwrap(sideGameStateOf(game, data));
}

/**
 * Checks a game's settings with the pure rules before it is stored: 400 `validation_failed` naming the body field
 * (e.g. unequal Nassau sides, a press of a bet that does not exist or outside its holes), 409 for a press twice.
 */
export function checkSideGame(game: SideGameDoc, data: RoundData): void {
  unwrap(checkSideGameOf(game, data));
}
