/**
 * Beside the tee sheet: the rules it breaks now and the tee-time fairness per player, both recomputed by the shared
 * domain on every change of the sheet (see `sheet.ts`), so a drag shows its effect before the server answers.
 */
import { useState } from 'preact/hooks';
import type { RuleBreak } from '../../../../shared/domain/scheduling/types.js';
import type { SheetFairness } from './sheet.js';

const KIND = { keep_together: 'Keep together', keep_apart: 'Keep apart' } as const;

export function RuleBreaks({ breaks, ruleCount }: { breaks: RuleBreak[]; ruleCount: number }) {
  return (
    <section class="card panel" aria-labelledby="breaks-title">
      <h2 id="breaks-title">Rule breaks</h2>
      <p aria-live="polite" data-testid="breaks-summary">
        {ruleCount === 0 ? 'No keep-together or keep-apart rule is set.' : breaks.length === 0 ? (ruleCount === 1 ? 'The rule is kept.' : `All ${ruleCount} rules are kept.`) : `${breaks.length} of ${ruleCount} rule${ruleCount === 1 ? '' : 's'} broken:`}
      </p>
      {breaks.length ? (
        <ul class="breaks" aria-label="Broken rules">
          {breaks.map((b) => (
            <li key={b.ruleId}>
              <span class="badge red">
                {KIND[b.kind]} · priority {b.priority}
              </span>{' '}
              {b.reason[0]!.toUpperCase() + b.reason.slice(1)}.
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const SHOWN = 8;

export function Fairness({ fairness }: { fairness: SheetFairness }) {
  const [all, setAll] = useState(false);
  const shown = all ? fairness.players : fairness.players.slice(0, SHOWN);
  return (
    <section class="card panel" aria-labelledby="fairness-title">
      <h2 id="fairness-title">Fairness</h2>
      <p aria-live="polite" data-testid="fairness-summary">
        Overall <strong>{fairness.overall}</strong> / 100 over {fairness.rounds} round{fairness.rounds === 1 ? '' : 's'}.
      </p>
      <p class="muted small">Per player: early and late tee times (earlier or later half of a round), front- and back-nine starts; 100 when both even out.</p>
      <div class="table-wrap" tabIndex={0} role="region" aria-label="Fairness per player, scrollable">
        <table class="table compact" aria-label="Fairness per player">
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col" class="num">
                Early
              </th>
              <th scope="col" class="num">
                Late
              </th>
              <th scope="col" class="num">
                <abbr title="Front-nine starts">Fr.</abbr>
              </th>
              <th scope="col" class="num">
                <abbr title="Back-nine starts">Back</abbr>
              </th>
              <th scope="col" class="num">
                Score
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={p.playerId}>
                <td class="fair-name">{p.name}</td>
                <td class="num">{p.early}</td>
                <td class="num">{p.late}</td>
                <td class="num">{p.front}</td>
                <td class="num">{p.back}</td>
                <td class="num">
                  <strong>{p.score}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {fairness.players.length > SHOWN ? (
        <button type="button" class="link" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show the lowest 8 only' : `Show all ${fairness.players.length} players`}
        </button>
      ) : null}
    </section>
  );
}
