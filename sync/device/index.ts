/** The device library (offline-first trip data on the phone; README.md beside this file): `openTrip` and what it answers. */
export { openTrip, databaseName } from './open-trip.js';
export { validateToken } from './session.js';
export { DeviceTrip, defaultSyncUrl, type ResolvedConflict } from './device-trip.js';
export { tripConflictHandler, tripDocsSchema, type LocalDoc } from './schema.js';
export { DeviceTripError, HEARD_EVERY_MS, type DeviceStatus, type OpenTripOptions, type PortalSession, type RefusedDoc, type ScoreEntryInput, type SyncState, type TripDocument } from './types.js';
export { competitionBoard, multiRoundBoard, roundBoard, type LeaderboardDocs, type MultiRoundBoardOptions, type RoundBoardOptions } from './leaderboards.js';
export { pointGameState, roundData, sideGameState, type GameDocs } from './games.js';
export { disputedScores, scoreDispute, type ScoreDispute } from './disputes.js';
export { changedUnderneath, scoreBase, type ScoreBase } from './scores.js';
export { ServerClock, SERVER_TIME_HEADER, type ClockSample, type Stamp } from './clock.js';
