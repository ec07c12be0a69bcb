/** Game state from plain documents (round, scorecards, scores, the game's document): shared by server and device. */
export * from './round-data.js';
export * from './side-games.js';
export * from './point-games.js';
