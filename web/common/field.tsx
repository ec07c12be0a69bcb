/**
 * Form fields with their label, hint and problems. The problem text is tied to the control
 * (`aria-describedby`, `aria-invalid`), so a screen reader reads it with the field, and a test finds the field by
 * its label.
 */
import type { ComponentChildren, InputHTMLAttributes } from 'preact';

interface FieldShell {
  /** The control's id; the label and the texts refer to it. */
  id: string;
  label: ComponentChildren;
  hint?: ComponentChildren;
  errors?: string[] | undefined;
  /** Extra class on the wrapper (e.g. `span-2` in a grid). */
  class?: string;
}

const describedBy = (id: string, hint: unknown, errors?: string[]) =>
  [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

function Texts({ id, hint, errors }: { id: string; hint?: ComponentChildren; errors?: string[] | undefined }) {
  return (
    <>
      {hint ? <p class="field-hint" id={`${id}-hint`}>{hint}</p> : null}
      {errors?.length ? (
        <p class="field-error" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      ) : null}
    </>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'label' | 'class' | 'onInput' | 'value' | 'type'>;

export function TextField(props: FieldShell & InputProps & { value: string; onValue: (v: string) => void; type?: string }) {
  const { id, label, hint, errors, class: cls, value, onValue, ...rest } = props;
  return (
    <div class={`field${errors?.length ? ' invalid' : ''}${cls ? ` ${cls}` : ''}`}>
      <label for={id}>{label}</label>
      <input
        {...rest}
        id={id}
        value={value}
        onInput={(e) => onValue(e.currentTarget.value)}
        aria-invalid={errors?.length ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, errors)}
      />
      <Texts id={id} hint={hint} errors={errors} />
    </div>
  );
}

export function TextAreaField(props: FieldShell & { value: string; onValue: (v: string) => void; rows?: number; maxLength?: number }) {
  const { id, label, hint, errors, class: cls, value, onValue, rows = 3, maxLength } = props;
  return (
    <div class={`field${errors?.length ? ' invalid' : ''}${cls ? ` ${cls}` : ''}`}>
      <label for={id}>{label}</label>
      <textarea id={id} rows={rows} maxLength={maxLength} value={value} onInput={(e) => onValue(e.currentTarget.value)} aria-invalid={errors?.length ? 'true' : undefined} aria-describedby={describedBy(id, hint, errors)} />
      <Texts id={id} hint={hint} errors={errors} />
    </div>
  );
}

export function SelectField(props: FieldShell & { value: string; onValue: (v: string) => void; options: readonly { value: string; label: string }[]; required?: boolean }) {
  const { id, label, hint, errors, class: cls, value, onValue, options, required } = props;
  return (
    <div class={`field${errors?.length ? ' invalid' : ''}${cls ? ` ${cls}` : ''}`}>
      <label for={id}>{label}</label>
      <select id={id} value={value} required={required} onChange={(e) => onValue(e.currentTarget.value)} aria-invalid={errors?.length ? 'true' : undefined} aria-describedby={describedBy(id, hint, errors)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Texts id={id} hint={hint} errors={errors} />
    </div>
  );
}

export function CheckboxField(props: { id: string; label: ComponentChildren; checked: boolean; onValue: (v: boolean) => void; hint?: ComponentChildren }) {
  const { id, label, checked, onValue, hint } = props;
  return (
    <div class="field checkbox">
      <input type="checkbox" id={id} checked={checked} onChange={(e) => onValue(e.currentTarget.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label for={id}>{label}</label>
      {hint ? <p class="field-hint" id={`${id}-hint`}>{hint}</p> : null}
    </div>
  );
}

/**
 * Every problem of a refused form at once, above it, each linking to its field (the fields say theirs too). It is
 * an alert, so it is announced when it appears; `formProblems` are those that belong to no field.
 */
export function ErrorSummary({ errors, labels, idOf }: { errors: Record<string, string[]>; labels: Record<string, string>; idOf: (key: string) => string }) {
  const entries = Object.entries(errors).filter(([, l]) => l.length);
  if (!entries.length) return null;
  return (
    <div class="error-summary" role="alert" tabIndex={-1}>
      <h2>{entries.length === 1 ? 'There is a problem' : `There are ${entries.length} problems`}</h2>
      <ul>
        {entries.map(([key, list]) => (
          <li key={key}>
            {key && labels[key] ? (
              <a
                href={`#${idOf(key)}`}
                onClick={(e) => {
                  e.preventDefault();
                  document.getElementById(idOf(key))?.focus();
                }}
              >
                {labels[key]}: {list.join(' ')}
              </a>
            ) : (
              list.join(' ')
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
