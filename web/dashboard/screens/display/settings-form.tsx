/**
 * What the TV shows: which panels and in which order, how long each stays, the colours, the round and the board's
 * basis, and whether anyone may open the trip's display address. Checked with the server's schema before it is sent;
 * saved whole (`PUT /trips/:tripId/display`).
 */
import { useState } from 'preact/hooks';
import { DisplaySettingsBody, type DisplayPanel, type DisplayTheme } from '../../../../shared/schemas/display.js';
import { CheckboxField, ErrorSummary, SelectField, TextField } from '../../../common/field.js';
import { formatDay } from '../../../common/format.js';
import type { Labels } from '../../../common/form-errors.js';
import { useSaveDisplay, type DisplayConfig } from '../../api/display.js';
import type { Round } from '../../api/rounds.js';
import { useForm } from '../../ui/form.js';

export const PANEL_WORDS: Record<DisplayPanel, { name: string; what: string }> = {
  leaderboard: { name: 'Leaderboard', what: 'positions, to par and holes played of the round' },
  skins: { name: 'Skins', what: 'skins won per player (never the money)' },
  schedule: { name: 'Schedule', what: 'the trip’s rounds with dates, times and courses' },
  tee_sheet: { name: 'Tee sheet', what: 'groups with tee times and starting holes' },
};
const ALL_PANELS = Object.keys(PANEL_WORDS) as DisplayPanel[];

const THEMES: { value: DisplayTheme; label: string }[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
  { value: 'high_contrast', label: 'High contrast' },
];

const LABELS: Labels = { panels: 'Panels', rotationSeconds: 'Seconds per panel', theme: 'Colours', public: 'Public', 'leaderboard.roundId': 'Round', 'leaderboard.basis': 'Ranking' };

interface Values extends Record<string, unknown> {
  /** Every panel in display order, with whether it is shown. */
  order: DisplayPanel[];
  shown: DisplayPanel[];
  rotationSeconds: string;
  theme: DisplayTheme;
  public: boolean;
  roundId: string;
  basis: string;
}

const valuesOf = (c: DisplayConfig): Values => ({
  order: [...c.panels, ...ALL_PANELS.filter((p) => !c.panels.includes(p))],
  shown: c.panels,
  rotationSeconds: String(c.rotationSeconds),
  theme: c.theme,
  public: c.public,
  roundId: c.leaderboard.roundId ?? '',
  basis: c.leaderboard.basis ?? '',
});

export function SettingsForm({ tripId, config, rounds, onSaved }: { tripId: string; config: DisplayConfig; rounds: Round[]; onSaved: (c: DisplayConfig) => void }) {
  const form = useForm<Values>(() => valuesOf(config), LABELS, 'disp');
  const save = useSaveDisplay(tripId);
  const v = form.values;
  /** The values last saved: "Saved" is said until the organizer changes something again. */
  const [saved, setSaved] = useState<string | null>(null);

  const move = (panel: DisplayPanel, by: -1 | 1) => {
    const order = [...v.order];
    const at = order.indexOf(panel);
    const to = at + by;
    if (to < 0 || to >= order.length) return;
    [order[at], order[to]] = [order[to]!, order[at]!];
    form.set('order', order);
  };
  const toggle = (panel: DisplayPanel, on: boolean) => form.set('shown', on ? [...v.shown, panel] : v.shown.filter((p) => p !== panel));

  async function submit(e: Event) {
    e.preventDefault();
    const body = {
      panels: v.order.filter((p) => v.shown.includes(p)),
      rotationSeconds: v.rotationSeconds.trim() === '' ? Number.NaN : Number(v.rotationSeconds),
      theme: v.theme,
      public: v.public,
      leaderboard: { roundId: v.roundId || null, basis: (v.basis || null) as 'gross' | 'net' | 'stableford' | null },
    };
    await form.submit(
      (b) => DisplaySettingsBody.safeParse(b),
      body,
      async (parsed) => {
        onSaved(await save.run(parsed));
        setSaved(JSON.stringify(v));
      },
    );
  }

  const roundOptions = [
    { value: '', label: 'Automatic' },
    ...rounds.map((r) => ({ value: r.id, label: `${r.name} · ${formatDay(r.date)}` })),
  ];
  return (
    <form class="card display-form" onSubmit={submit} noValidate aria-labelledby="disp-h">
      <h3 id="disp-h">What the TV shows</h3>
      <ErrorSummary errors={form.errors} labels={LABELS} idOf={form.idOf} />
      <fieldset id={form.idOf('panels')} tabIndex={-1}>
        <legend>Panels, in the order they turn</legend>
        <ol class="panel-order">
          {v.order.map((p, i) => (
            <li key={p}>
              <CheckboxField id={`disp-panel-${p}`} label={PANEL_WORDS[p].name} checked={v.shown.includes(p)} onValue={(on) => toggle(p, on)} hint={PANEL_WORDS[p].what} />
              <span class="panel-moves">
                <button type="button" class="small-button secondary" disabled={i === 0} onClick={() => move(p, -1)} aria-label={`Move ${PANEL_WORDS[p].name} earlier`}>
                  ↑
                </button>
                <button type="button" class="small-button secondary" disabled={i === v.order.length - 1} onClick={() => move(p, 1)} aria-label={`Move ${PANEL_WORDS[p].name} later`}>
                  ↓
                </button>
              </span>
            </li>
          ))}
        </ol>
        {form.errors.panels ? <p class="field-error">{form.errors.panels.join(' ')}</p> : null}
      </fieldset>
      <div class="form-grid">
        <TextField
          id={form.idOf('rotationSeconds')}
          label="Seconds per panel"
          type="number"
          inputMode="numeric"
          min={5}
          max={300}
          value={v.rotationSeconds}
          onValue={(x) => form.set('rotationSeconds', x)}
          errors={form.errors.rotationSeconds}
          hint="5 to 300. About 20 lets people read a board of ten names."
        />
        <SelectField id={form.idOf('theme')} label="Colours" value={v.theme} onValue={(x) => form.set('theme', x as DisplayTheme)} options={THEMES} errors={form.errors.theme} hint="Dark for a dim clubhouse, light for a bright room, high contrast to read from far." />
        <SelectField id={form.idOf('leaderboard.roundId')} label="Round" value={v.roundId} onValue={(x) => form.set('roundId', x)} options={roundOptions} errors={form.errors['leaderboard.roundId']} hint="Of the leaderboard, skins and tee sheet. Automatic: the round in play, else the next one." />
        <SelectField
          id={form.idOf('leaderboard.basis')}
          label="Ranking"
          value={v.basis}
          onValue={(x) => form.set('basis', x)}
          options={[
            { value: '', label: 'The round’s own' },
            { value: 'gross', label: 'Gross' },
            { value: 'net', label: 'Net' },
            { value: 'stableford', label: 'Stableford points' },
          ]}
          errors={form.errors['leaderboard.basis']}
          hint="The round’s own: net, or points for a Stableford round."
        />
      </div>
      <CheckboxField
        id={form.idOf('public')}
        label="Anyone with the trip’s display address may open it"
        checked={v.public}
        onValue={(x) => form.set('public', x)}
        hint="Without this, a TV needs the link with the display code below. The display shows names and scores only, never money or contact details."
      />
      {saved === JSON.stringify(v) && !form.busy ? (
        <p class="notice" role="status">
          Saved. The TV shows it within a few seconds.
        </p>
      ) : null}
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save the display'}
        </button>
      </div>
    </form>
  );
}
