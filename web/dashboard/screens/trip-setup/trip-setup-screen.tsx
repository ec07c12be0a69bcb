/**
 * The trip wizard at work (`GET /trips/:id/wizard/status`, polled every second): each step and how it went; when a
 * step failed, why, and "Try again" (`POST …/wizard/retry`, which resumes from the failed step); when done, the way
 * into the trip.
 */
import { describeFailure } from '../../api/errors.js';
import { useRetryWizard, useWizardStatus } from '../../api/queries.js';
import type { WizardStatus } from '../../api/types.js';
import { href } from '../../paths.js';
import type { ScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';

const STEP_LABELS: Record<WizardStatus['steps'][number]['name'], string> = {
  create_database: "Creating the trip's database",
  trip: 'Saving the trip',
  players: 'Adding the players',
  teams: 'Making the teams',
  rounds: 'Adding the rounds',
  competitions: 'Setting up competitions',
  portal_tokens: "Making the golfers' links",
  activate: 'Opening the trip',
};

const STATUS_WORDS: Record<WizardStatus['steps'][number]['status'], [string, string]> = {
  pending: ['Waiting', ''],
  running: ['Working…', 'amber'],
  done: ['Done', 'green'],
  skipped: ['Nothing to do', ''],
  failed: ['Failed', 'red'],
};

export function TripSetupScreen({ params }: ScreenProps) {
  const tripId = params.tripId!;
  const status = useWizardStatus(tripId);
  const retry = useRetryWizard(tripId);
  return (
    <>
      <p class="crumbs">
        <a href={href('trips')}>Your trips</a>
      </p>
      <QueryView query={status} loading="Checking the trip's setup…">
        {(s) => (
          <>
            <h1>{s.status === 'done' ? 'Your trip is ready' : s.status === 'failed' ? 'The trip could not be set up completely' : 'Setting up your trip…'}</h1>
            <div role="status" aria-live="polite" class="visually-hidden">
              {s.status === 'done' ? 'Setup finished.' : s.status === 'failed' ? 'A step failed.' : ''}
            </div>
            <ol class="steps" aria-label="Setup steps">
              {s.steps.map((step) => {
                const [word, tone] = STATUS_WORDS[step.status];
                return (
                  <li key={step.name} class={step.status}>
                    <span>{STEP_LABELS[step.name]}</span>
                    <span class={`badge ${tone}`}>{word}</span>
                    {step.error ? <p class="step-error">{step.error}</p> : null}
                  </li>
                );
              })}
            </ol>
            {s.status === 'done' ? (
              <div class="actions">
                <a class="button" href={href('trip', { tripId })}>
                  Open the trip
                </a>
                <a class="button secondary" href={href('trips')}>
                  Back to your trips
                </a>
              </div>
            ) : null}
            {s.status === 'failed' ? (
              <>
                <p>Steps already done are kept; trying again carries on from the step that failed, without doubling anything.</p>
                {retry.error ? (
                  <p class="notice error" role="alert">
                    {describeFailure(retry.error)}
                  </p>
                ) : null}
                <div class="actions">
                  <button type="button" disabled={retry.pending} onClick={() => void retry.run(undefined).catch(() => undefined)}>
                    Try again
                  </button>
                </div>
              </>
            ) : null}
          </>
        )}
      </QueryView>
    </>
  );
}
