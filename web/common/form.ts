/**
 * The state of one form: its values, its problems by field, and whether it is being sent. `submit` validates with
 * a zod schema first (the server's own, from `shared/`), sends only when that passes, and turns a refusal into
 * problems at the fields (the app says how, with `describeRefusal`), all at once. After a refusal the first
 * problem gets the focus.
 */
import { useRef, useState } from 'preact/hooks';
import { fieldErrors, hasErrors, type FieldErrors, type Issue, type Labels } from './form-errors.js';

/** What a schema's `safeParse` answers; typed loosely so this file does not depend on zod. */
export type SafeParse<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

export interface FormOptions {
  /** How the form calls its fields, by dotted path. */
  labels: Labels;
  /** The element id of a field (its control), by dotted path. */
  idOf?: (key: string) => string;
  /** Problems of a refusal by field; `undefined` when the error is not a refusal (it is then rethrown). */
  describeRefusal: (error: unknown, labels: Labels) => FieldErrors | undefined;
}

export function useForm<V extends Record<string, unknown>>(initial: V | (() => V), options: FormOptions) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const opts = useRef(options);
  opts.current = options;
  const idOf = options.idOf ?? ((key: string) => `f-${key.replace(/\./g, '-')}`);

  const focusFirst = (errs: FieldErrors) => {
    requestAnimationFrame(() => {
      const key = Object.keys(errs).find((k) => errs[k]?.length && k && document.getElementById(idOf(k)));
      const target = key ? document.getElementById(idOf(key)) : document.querySelector<HTMLElement>('.error-summary');
      target?.focus();
    });
  };

  return {
    values,
    errors,
    busy,
    idOf,
    set<K extends keyof V>(key: K, value: V[K]) {
      setValues((v) => ({ ...v, [key]: value }));
    },
    setAll: setValues,
    setErrors,
    /** The problems of one field. */
    errorsAt: (key: string) => errors[key],
    /**
     * Validates `body` with `parse` (a schema's `safeParse`), then runs `send` with the parsed body. Answers true
     * when it was sent and accepted.
     */
    async submit<T>(parse: (body: unknown) => SafeParse<T>, body: unknown, send: (parsed: T) => Promise<void>): Promise<boolean> {
      const parsed = parse(body);
      if (!parsed.success) {
        const errs = fieldErrors(parsed.error.issues, opts.current.labels);
        setErrors(errs);
        focusFirst(errs);
        return false;
      }
      setErrors({});
      setBusy(true);
      try {
        await send(parsed.data);
        return true;
      } catch (err) {
        const errs = opts.current.describeRefusal(err, opts.current.labels);
        if (!errs || !hasErrors(errs)) throw err;
        setErrors(errs);
        focusFirst(errs);
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}
export type Form<V extends Record<string, unknown>> = ReturnType<typeof useForm<V>>;
