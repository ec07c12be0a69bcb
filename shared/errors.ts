/**
 * Expected failures, as string-literal codes. Domain functions return them; the server's single error middleware
 * maps each code to its HTTP status (see `server/http/errors.ts`).
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  malformed_json: 400,
  code_invalid: 400,
  unauthorized: 401,
  token_expired: 401,
  token_invalid: 401,
  token_revoked: 401,
  token_used: 401,
  invalid_credentials: 401,
  wrong_auth_mode: 401,
  forbidden: 403,
  signature_invalid: 403,
  url_expired: 403,
  not_found: 404,
  trip_not_found: 404,
  player_not_found: 404,
  round_not_found: 404,
  course_not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  revision_conflict: 409,
  email_taken: 409,
  duplicate_email: 409,
  round_state_conflict: 409,
  round_not_editable: 409,
  round_has_scores: 409,
  group_started: 409,
  player_has_scores: 409,
  player_has_money_entries: 409,
  player_has_travel: 409,
  player_in_round: 409,
  wizard_not_failed: 409,
  trip_not_ready: 409,
  settlement_state_conflict: 409,
  wager_already_settled: 409,
  pot_not_ready: 409,
  slot_full: 409,
  slot_blocked: 409,
  already_booked: 409,
  bookings_affected: 409,
  seats_full: 409,
  activity_full: 409,
  code_used: 409,
  already_organizer: 409,
  code_expired: 410,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  unprocessable: 422,
  round_not_ready: 422,
  unknown_player: 422,
  duplicate_player: 422,
  group_size_out_of_range: 422,
  unknown_tee: 422,
  tee_ambiguous: 422,
  copy_source_not_found: 422,
  slot_not_offered: 422,
  player_not_in_round: 422,
  correction_reason_required: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  store_unavailable: 503,
  server_busy: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  path?: (string | number)[];
  message: string;
  code?: string;
  [k: string]: unknown;
}

/** An expected failure: a code from {@link ERROR_STATUS}, a human message, optional details. */
export interface Failure {
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}

export type Result<T> = { ok: true; value: T } | { ok: false; failure: Failure };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(code: ErrorCode, message: string, details?: ErrorDetail[]): Result<T> => ({
  ok: false,
  failure: details ? { code, message, details } : { code, message },
});
