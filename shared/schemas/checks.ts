import type { z } from 'zod';

/**
 * Options for a check on a whole object (`.refine` / `.superRefine`) so that it also runs when other fields of the
 * object failed their own checks. zod skips such checks as soon as any field has a type error (a missing required
 * field, a number where text belongs), so a client fixing one problem would only then learn of the next; with these
 * options one 400 lists every problem at once.
 *
 * The check runs when the value is an object and none of `fields` — the fields it compares — has an issue of its
 * own; it must not assume anything of the other fields (they may be absent or of another type).
 */
export function evenIfOthersFail(...fields: string[]): { when: (payload: z.core.ParsePayload) => boolean } {
  return {
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !Array.isArray(payload.value) &&
      !payload.issues.some((i) => i.path !== undefined && i.path.length > 0 && fields.includes(String(i.path[0]))),
  };
}
