/** The dashboard's forms: the shared form state with the dashboard's way of reading a refusal. */
import { ErrorSummary } from '../../common/field.js';
import { useForm as useCommonForm } from '../../common/form.js';
import type { Labels } from '../../common/form-errors.js';
import { describeRefusal } from './refusal.js';

export function useForm<V extends Record<string, unknown>>(initial: V | (() => V), labels: Labels, prefix = 'f') {
  return useCommonForm(initial, { labels, describeRefusal, idOf: (key) => `${prefix}-${key.replace(/\./g, '-') || 'form'}` });
}

/** Every problem of the form at once, above it. */
export function FormProblems({ form, labels }: { form: { errors: Record<string, string[]>; idOf: (k: string) => string }; labels: Labels }) {
  return <ErrorSummary errors={form.errors} labels={labels} idOf={form.idOf} />;
}
