/** The display manager's pure parts (issue 8): which round to show, the payload's shape, conditional requests, access codes. */
export { featuredRound, inPlayingOrder, teeSheetRound, type RoundForDisplay } from './featured.js';
export { buildDisplayPayload, leaderboardPanel, skinsPanel, UNKNOWN_PLAYER, type DisplayInput, type DisplayPlayer, type DisplayRound, type SkinsInput } from './payload.js';
export { ifNoneMatch, strongEtag } from './http-cache.js';
export { ACCESS_CODE_BYTES, accessCodeFrom, base32, normalizeAccessCode } from './access-code.js';
