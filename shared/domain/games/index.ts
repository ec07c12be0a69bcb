/** Side games (issue 4, "Side games"): skins, Nassau and the point game, with money in integer cents. */
export * from './common.js';
export * from './skins.js';
export * from './skins-money.js';
export * from './nassau.js';
export * from './point-game.js';
