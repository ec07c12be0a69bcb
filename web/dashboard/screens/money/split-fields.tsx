/**
 * Who shares an expense and how: equally, by exact amounts (with what is left to assign), or by shares (2 shares
 * pay twice what 1 share pays). A grid of the trip's players, usable for 60.
 */
import type { MoneyContext } from './money-context.js';
import { money, parseCents } from './money-words.js';

export interface SplitState {
  mode: 'equal' | 'exact' | 'shares' | 'kept';
  chosen: Set<string>;
  exact: Record<string, string>;
  shares: Record<string, string>;
}

const MODES = [
  { mode: 'equal', label: 'Equally' },
  { mode: 'exact', label: 'Exact amounts' },
  { mode: 'shares', label: 'By shares' },
] as const;

export function SplitFields(props: { ctx: MoneyContext; currency: string; amountCents: number | null; split: SplitState; onSplit: (s: SplitState) => void; errors?: string[] | undefined; id: string; keptLabel: string | null }) {
  const { ctx, currency, amountCents, split, onSplit, errors, id, keptLabel } = props;
  const chosen = ctx.players.filter((p) => split.chosen.has(p.id));
  const toggle = (pid: string, on: boolean) => {
    const next = new Set(split.chosen);
    if (on) next.add(pid);
    else next.delete(pid);
    onSplit({ ...split, chosen: next });
  };
  const assigned = split.mode === 'exact' ? chosen.reduce((a, p) => a + (parseCents(split.exact[p.id] ?? '', currency) ?? 0), 0) : 0;
  const totalShares = split.mode === 'shares' ? chosen.reduce((a, p) => a + (Number(split.shares[p.id] ?? '1') || 0), 0) : 0;
  return (
    <fieldset class={`split-fields${errors?.length ? ' invalid' : ''}`} id={id} tabIndex={-1} aria-describedby={errors?.length ? `${id}-error` : undefined}>
      <legend>Shared by</legend>
      <div class="split-modes" role="radiogroup" aria-label="How it is shared">
        {[...MODES, ...(keptLabel ? [{ mode: 'kept' as const, label: keptLabel }] : [])].map((m) => (
          <label key={m.mode} class="inline-check">
            <input type="radio" name={`${id}-mode`} checked={split.mode === m.mode} onChange={() => onSplit({ ...split, mode: m.mode })} /> {m.label}
          </label>
        ))}
      </div>
      <p class="field-hint">
        {split.mode === 'equal'
          ? chosen.length && amountCents
            ? `${chosen.length} people, about ${money(Math.floor(amountCents / chosen.length), currency)} each (the odd cents go to the first listed).`
            : 'Everyone ticked pays the same.'
          : split.mode === 'exact'
            ? amountCents !== null
              ? `Assigned ${money(assigned, currency)} of ${money(amountCents, currency)}: ${assigned === amountCents ? 'all of it.' : `${money(Math.abs(amountCents - assigned), currency)} ${assigned < amountCents ? 'left to assign' : 'too much'}.`}`
              : 'Write each person’s amount; they must add up to the whole bill.'
            : split.mode === 'shares'
              ? `${totalShares} shares in all: someone with 2 shares pays twice what someone with 1 pays.`
              : 'The split stays as it was recorded; choose another way to change it.'}
      </p>
      {errors?.length ? (
        <p class="field-error" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      ) : null}
      <div class="actions tight">
        <button type="button" class="secondary small" onClick={() => onSplit({ ...split, chosen: new Set(ctx.players.map((p) => p.id)) })}>
          Everyone
        </button>
        <button type="button" class="secondary small" onClick={() => onSplit({ ...split, chosen: new Set() })}>
          Nobody
        </button>
      </div>
      <ul class="split-players">
        {ctx.players.map((p) => {
          const on = split.chosen.has(p.id);
          return (
            <li key={p.id}>
              <label class="inline-check">
                <input type="checkbox" checked={on} onChange={(e) => toggle(p.id, e.currentTarget.checked)} /> {p.name}
              </label>
              {on && split.mode === 'exact' ? (
                <input
                  class="split-amount"
                  aria-label={`Amount of ${p.name} (${currency})`}
                  inputMode="decimal"
                  value={split.exact[p.id] ?? ''}
                  onInput={(e) => onSplit({ ...split, exact: { ...split.exact, [p.id]: e.currentTarget.value } })}
                />
              ) : null}
              {on && split.mode === 'shares' ? (
                <input
                  class="split-amount"
                  aria-label={`Shares of ${p.name}`}
                  type="number"
                  min={1}
                  step={1}
                  value={split.shares[p.id] ?? '1'}
                  onInput={(e) => onSplit({ ...split, shares: { ...split.shares, [p.id]: e.currentTarget.value } })}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
