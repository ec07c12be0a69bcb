/**
 * A refused request as problems at the form's fields, in words an organizer understands. The server's
 * `validation_failed` details already name their field; the other refusals are named here by their code.
 */
import { fieldErrors, type FieldErrors, type Labels } from '../../common/form-errors.js';
import { describeFailure, isApiError } from '../api/errors.js';

/** Refusals that belong to one field, by error code: [field, what to say]. */
const AT_FIELD: Record<string, [string, string]> = {
  email_taken: ['email', 'An account with this email already exists. Sign in with it, or reset its password.'],
  code_invalid: ['code', 'This code is not valid. Check that it was copied whole, or ask for a new one.'],
  code_used: ['code', 'This code was already used. Ask for a new one.'],
  code_expired: ['code', 'This code has expired. Ask for a new one.'],
  copy_source_not_found: ['copyFromTripId', 'This trip cannot be copied any more (it was deleted, or you no longer organize it).'],
};

/** Refusals of the whole form, by error code. */
const FORM: Record<string, string> = {
  invalid_credentials: 'Wrong email or password. Check both, or reset your password.',
  already_organizer: 'You already organize this trip.',
  wizard_not_failed: 'The setup is not stuck any more; reload to see where it is.',
};

/** The problems of a refused request by field (`''`: the whole form); undefined for what is not a refusal. */
export function describeRefusal(error: unknown, labels: Labels): FieldErrors | undefined {
  if (!isApiError(error)) return undefined;
  const at = AT_FIELD[error.code];
  if (at) return { [at[0]]: [at[1]] };
  if (FORM[error.code]) return { '': [FORM[error.code]!] };
  if (error.issues.length && (error.kind === 'validation' || error.kind === 'unprocessable' || error.kind === 'conflict')) {
    const errs = fieldErrors(error.issues, labels);
    // A problem at a field this form does not show is said for the whole form, with the field's path.
    const shown: FieldErrors = {};
    for (const [k, v] of Object.entries(errs)) {
      if (k === '' || labels[k]) shown[k] = v;
      else (shown[''] ??= []).push(...v.map((m) => (k ? `${k}: ${m}` : m)));
    }
    return shown;
  }
  return { '': [describeFailure(error)] };
}
