/**
 * Golf scoring rules, pure and deterministic, shared by the server and the device library so both compute the same
 * leaderboards. Sources are named in each module: WHS Rules of Handicapping (2024), Rules of Golf (R&A/USGA).
 * @example import { courseHandicap, playingHandicap, ALLOWANCES } from '../shared/domain/golf/index.js';
 */
export * from './card.js';
export * from './handicap.js';
export * from './strokes.js';
export * from './stroke-play.js';
export * from './stableford.js';
export * from './match-play.js';
export * from './four-ball.js';
export * from './scramble.js';
export * from './ranking.js';
