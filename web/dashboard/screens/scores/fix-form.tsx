/**
 * Fixing one hole, the same three steps for a dispute and a correction: choose the value and say why, see what it
 * changes (the server's dry run), apply it in one step. Changing the value or the reason after the preview hides it,
 * so what is applied is always what was shown.
 */
import { useState } from 'preact/hooks';
import { TextField } from '../../../common/field.js';
import { describeFailure } from '../../api/errors.js';
import { useApplyFix, usePreviewFix, useRoundSideGames, type CorrectionPreview, type FixTarget, type Score } from '../../api/score-fixes.js';
import { PreviewView } from './preview-view.js';
import { strokesLong, strokesText, type DisputeValue } from './score-words.js';

export interface FixFormProps {
  tripId: string;
  roundId: string;
  target: FixTarget;
  playerName: string;
  currency: string;
  nameOf: (playerId: string) => string;
  /** The hole's value now (`undefined`: no score yet). */
  current: number | null | undefined;
  /** A dispute's competing values, offered as choices. */
  candidates?: DisputeValue[];
  /** Called with the written score once applied. */
  onApplied: (score: Score) => void;
  onCancel?: () => void;
}

type Choice = { kind: 'value'; strokes: number | null } | { kind: 'other' };

export function FixForm(props: FixFormProps) {
  const { tripId, roundId, target, playerName, currency, nameOf, current, candidates, onApplied, onCancel } = props;
  const id = `fix-${target.scorecardId}-${target.hole}`;
  const [choice, setChoice] = useState<Choice>(candidates?.length ? { kind: 'value', strokes: candidates[0]!.strokes } : { kind: 'other' });
  const [other, setOther] = useState(current === null || current === undefined ? '' : String(current));
  const [pickedUp, setPickedUp] = useState(current === null);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const [shown, setShown] = useState<{ body: { strokes: number | null; reason: string }; preview: CorrectionPreview } | null>(null);
  const preview = usePreviewFix(tripId, target);
  const apply = useApplyFix(tripId, target);
  const games = useRoundSideGames(tripId, roundId);

  const edited = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setShown(null);
  };

  /** The value asked for, or the problems that stop it. */
  const read = (): { ok: true; body: { strokes: number | null; reason: string } } | { ok: false; errs: Record<string, string[]> } => {
    const errs: Record<string, string[]> = {};
    let strokes: number | null = null;
    if (choice.kind === 'value') strokes = choice.strokes;
    else if (!pickedUp) {
      const n = Number(other.trim());
      if (!other.trim() || !Number.isInteger(n) || n < 1 || n > 30) errs.strokes = ['Enter the strokes taken, a whole number from 1 to 30, or tick Picked up.'];
      else strokes = n;
    }
    if (!reason.trim()) errs.reason = ['Say why (the paper card, what the group agreed…): it is kept with the value.'];
    return Object.keys(errs).length ? { ok: false, errs } : { ok: true, body: { strokes, reason: reason.trim() } };
  };

  const onPreview = async () => {
    const r = read();
    if (!r.ok) {
      setProblems(r.errs);
      return;
    }
    const { body } = r;
    setProblems({});
    try {
      setShown({ body, preview: await preview.run(body) });
    } catch {
      setShown(null);
    }
  };

  const onApply = async () => {
    if (!shown) return;
    try {
      onApplied(await apply.run(shown.body));
    } catch {
      // The refusal is shown under the button (apply.error).
    }
  };

  return (
    <form
      class="fix-form"
      aria-label={`Fix hole ${target.hole} of ${playerName}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onPreview();
      }}
    >
      {candidates?.length ? (
        <fieldset class="fix-choices">
          <legend>The right value</legend>
          {candidates.map((c) => (
            <label key={String(c.strokes)} class="choice">
              <input type="radio" name={`${id}-value`} checked={choice.kind === 'value' && choice.strokes === c.strokes} onChange={() => edited(setChoice)({ kind: 'value', strokes: c.strokes })} />
              <span>
                <strong>{strokesLong(c.strokes)}</strong>
                {c.where ? ` ${c.where}` : ''}
                {c.counts ? ' (counts now)' : ''}
              </span>
            </label>
          ))}
          <label class="choice">
            <input type="radio" name={`${id}-value`} checked={choice.kind === 'other'} onChange={() => edited(setChoice)({ kind: 'other' })} />
            <span>
              <strong>Another value</strong>
            </span>
          </label>
        </fieldset>
      ) : null}
      {choice.kind === 'other' ? (
        <div class="fix-value">
          <TextField
            id={`${id}-strokes`}
            label={`Strokes on hole ${target.hole}`}
            type="number"
            inputMode="numeric"
            min={1}
            max={30}
            disabled={pickedUp}
            value={pickedUp ? '' : other}
            onValue={edited(setOther)}
            errors={problems.strokes}
          />
          <label class="fix-pickup">
            <input type="checkbox" checked={pickedUp} onChange={(e) => edited(setPickedUp)(e.currentTarget.checked)} /> Picked up (no score on this hole)
          </label>
        </div>
      ) : null}
      <TextField
        id={`${id}-reason`}
        label="Reason"
        maxLength={500}
        value={reason}
        onValue={edited(setReason)}
        errors={problems.reason}
        hint="Kept in the hole's history with your name, and shown on the golfer's phone."
      />
      {preview.error && !shown ? (
        <p class="notice error" role="alert">
          {describeFailure(preview.error)}
        </p>
      ) : null}
      <div class="actions">
        <button type="submit" class={shown ? 'secondary' : undefined} disabled={preview.pending}>
          {preview.pending ? 'Working out what changes…' : shown ? 'Preview again' : 'Preview what it changes'}
        </button>
        {onCancel ? (
          <button type="button" class="secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {shown ? (
        <>
          <PreviewView preview={shown.preview} playerName={playerName} currency={currency} nameOf={nameOf} sideGames={games.data?.items ?? []} />
          {apply.error ? (
            <p class="notice error" role="alert">
              {describeFailure(apply.error)}
            </p>
          ) : null}
          <div class="actions fix-apply">
            <button type="button" disabled={apply.pending || shown.preview.unchanged} onClick={() => void onApply()}>
              {apply.pending ? 'Applying…' : 'Apply'}
            </button>
            <span class="muted small">
              Sets hole {target.hole} of {playerName} to {strokesText(shown.body.strokes)}; every phone gets it at its next sync.
            </span>
          </div>
        </>
      ) : null}
    </form>
  );
}
