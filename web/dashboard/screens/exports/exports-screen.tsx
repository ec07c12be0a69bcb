/**
 * The Exports tab: the trip's scores, results, expenses and settlement plan as CSV files for a spreadsheet, with
 * the names people know, money in the trip's currency and times in the trip's time zone (built by the server).
 */
import { useState } from 'preact/hooks';
import { downloadExport, type ExportKind } from '../../api/exports.js';
import { describeFailure } from '../../api/errors.js';
import { useServices, type TripScreenProps } from '../../screen.js';

interface ExportCard {
  kind: ExportKind;
  title: string;
  /** What the button downloads, in a word or two. */
  short: string;
  what: string;
  columns: string;
}

const CARDS: readonly ExportCard[] = [
  { kind: 'scores', title: 'Scores, hole by hole', short: 'scores', what: 'Every hole entered on every scorecard, one row per player and hole.', columns: 'Round, date, player, team, hole, par, stroke index, strokes, picked up, strokes received, net, Stableford points' },
  { kind: 'results', title: 'Results', short: 'results', what: 'Each round’s leaderboard as it stands, each competition, then the total over all rounds.', columns: 'Board (each round, each competition, all rounds), date, ranked on, position, player, team, holes played, gross, net, to par, points, playing handicap' },
  { kind: 'expenses', title: 'Expenses', short: 'expenses', what: 'One row per expense, with who paid and who shares it.', columns: 'Date, description, category, paid by, amount and currency, exchange rate, amount in the trip’s currency, shares' },
  { kind: 'settlement-plan', title: 'Settlement plan', short: 'settlement plan', what: 'Who pays whom to settle up, then the payments already made.', columns: 'Pays, receives, amount, currency, status, paid at, confirmed at' },
];

export function ExportsScreen({ trip }: TripScreenProps) {
  return (
    <section class="exports-page">
      <div class="page-head">
        <div>
          <h2>Exports</h2>
          <p class="muted">
            Spreadsheet files (CSV) of the trip, ready for Excel, Numbers or Google Sheets: people by name, amounts in {trip.currency} with a currency column, dates and times in the trip’s time zone ({trip.timezone}).
          </p>
        </div>
      </div>
      <ul class="export-list">
        {CARDS.map((c) => (
          <li key={c.kind} class="card export-card">
            <ExportItem tripId={trip.id} card={c} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ExportItem({ tripId, card }: { tripId: string; card: ExportCard }) {
  const { session } = useServices();
  const [plan, setPlan] = useState<'unified' | 'plain'>('unified');
  const [state, setState] = useState<{ busy: boolean; error: unknown; saved: string | null }>({ busy: false, error: null, saved: null });
  const id = `export-${card.kind}`;
  const run = async () => {
    setState({ busy: true, error: null, saved: null });
    try {
      const saved = await downloadExport(session, tripId, card.kind, card.kind === 'settlement-plan' ? `?kind=${plan}` : '');
      setState({ busy: false, error: null, saved });
    } catch (error) {
      setState({ busy: false, error, saved: null });
    }
  };
  return (
    <>
      <h3 id={`${id}-title`}>{card.title}</h3>
      <p>{card.what}</p>
      <p class="muted export-columns">
        <span class="visually-hidden">Columns: </span>
        {card.columns}
      </p>
      {card.kind === 'settlement-plan' ? (
        <fieldset class="export-plan">
          <legend>Which plan</legend>
          <label>
            <input type="radio" name="plan-kind" value="unified" checked={plan === 'unified'} onChange={() => setPlan('unified')} /> Everything: expenses, games, wagers and the pot
          </label>
          <label>
            <input type="radio" name="plan-kind" value="plain" checked={plan === 'plain'} onChange={() => setPlan('plain')} /> Expenses only
          </label>
        </fieldset>
      ) : null}
      <button type="button" onClick={() => void run()} disabled={state.busy} aria-describedby={`${id}-title`}>
        {state.busy ? 'Preparing…' : `Download ${card.short} (CSV)`}
      </button>
      <p role="status" class="export-status">
        {state.saved ? `Saved ${state.saved}.` : ''}
      </p>
      {state.error ? (
        <p class="notice error" role="alert">
          {describeFailure(state.error)}
        </p>
      ) : null}
    </>
  );
}
