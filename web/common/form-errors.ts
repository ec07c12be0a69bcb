/**
 * Problems with what someone typed, in words they understand, at the field they belong to. Both sources speak the
 * same language, since the browser validates with the server's own zod schemas: zod issues from a check before
 * sending, and the `details` of a 400 `validation_failed` (`{path: ['body', …], message, code}`) after it.
 *
 * A field is named by its dotted path inside the request body (`name`, `trip.startDate`, `players.2.email`);
 * problems of the whole form are under `''`.
 */

export interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  /** zod's limits, when the issue carries them (client-side checks). */
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
  format?: string;
  keys?: string[];
}

/** Every problem, by field: `{ 'trip.name': ['Please fill this in.'] }`. */
export type FieldErrors = Record<string, string[]>;

/** How the form calls its fields: `{ startDate: 'Start date' }`, used where a message names another field. */
export type Labels = Record<string, string>;

export const fieldKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

const sentence = (s: string) => {
  const t = s.trim();
  if (!t) return t;
  const first = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
};

/** Replaces field names (`endDate`) in a schema's own message by how the form calls them ("the end date"). */
function nameFields(message: string, labels: Labels): string {
  return message.replace(/\b([a-z]+[A-Z][A-Za-z]*|[a-z]+)\b/g, (word) => (labels[word] && /[A-Z]/.test(word) ? `the ${labels[word]!.toLowerCase()}` : word));
}

const limitOf = (issue: Issue, key: 'minimum' | 'maximum'): number | undefined => {
  const v = issue[key];
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v);
  // The server's details carry zod's default message ("Too small: expected string to have >=1 characters").
  const m = /[<>]=?\s*(-?\d+(?:\.\d+)?)/.exec(issue.message);
  return m ? Number(m[1]) : undefined;
};

/** zod's default wording starts like this; a schema's own message (e.g. "a password has at least 10 characters") wins. */
const isDefaultMessage = (m: string) => /^(Invalid|Too (small|big)|Unrecognized|required$|Expected)/i.test(m);

/** One problem in plain words. */
export function describeIssue(issue: Issue, labels: Labels = {}): string {
  const m = issue.message ?? '';
  if (m && !isDefaultMessage(m)) return sentence(nameFields(m, labels));
  const isText = issue.origin === 'string' || /string|characters/.test(m);
  switch (issue.code) {
    case 'invalid_type':
      if (m === 'required' || /received undefined|received null/.test(m)) return 'Please fill this in.';
      if (/expected number/.test(m)) return 'Enter a number.';
      return 'Please check this value.';
    case 'too_small': {
      const min = limitOf(issue, 'minimum');
      if (isText) return min === undefined || min <= 1 ? 'Please fill this in.' : `Use at least ${min} characters.`;
      if (issue.origin === 'array' || /array|items/.test(m)) return min === undefined ? 'Add at least one.' : `Add at least ${min}.`;
      return min === undefined ? 'This is too small.' : `Must be at least ${min}.`;
    }
    case 'too_big': {
      const max = limitOf(issue, 'maximum');
      if (isText) return max === undefined ? 'This is too long.' : `Use at most ${max} characters.`;
      if (issue.origin === 'array' || /array|items/.test(m)) return max === undefined ? 'Too many.' : `At most ${max}.`;
      return max === undefined ? 'This is too large.' : `Must be at most ${max}.`;
    }
    case 'invalid_format':
      if (issue.format === 'email' || /email/i.test(m)) return 'Enter an email address, like name@example.com.';
      return 'This is not in the expected format.';
    case 'invalid_value':
      return 'Choose one of the options.';
    case 'unrecognized_keys':
      return 'The form sent something the server does not know; reload the page and try again.';
    default:
      return m ? sentence(m) : 'Please check this value.';
  }
}

/**
 * Problems by field. `strip` removes a leading part of each path that the form does not show (`body`, which the
 * server's details start with).
 */
export function fieldErrors(issues: readonly Issue[], labels: Labels = {}, strip: readonly string[] = ['body']): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const path = [...issue.path];
    while (path.length && strip.includes(String(path[0]))) path.shift();
    const key = fieldKey(path);
    const text = describeIssue(issue, labels);
    const list = (out[key] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return out;
}

export const hasErrors = (errors: FieldErrors) => Object.values(errors).some((l) => l.length > 0);
