/** A link that could not be opened: why, and what to do. Trips already on the phone stay reachable. */
import type { TokenOutcome } from '../state/trips.js';
import { keptTrips } from '../state/keeper.js';

const TEXT: Record<string, string> = {
  token_revoked: 'This link was revoked by your organizer.',
  token_expired: 'This link has expired.',
  token_invalid: 'This link is not valid.',
  token_used: 'This link was already used.',
};

export function LinkProblem({ problem }: { problem: Extract<TokenOutcome, { ok: false }> }) {
  const kept = keptTrips();
  return (
    <main class="center" data-testid="link-problem">
      <h1>{problem.offline ? 'No signal' : 'Ask your organizer for a new link'}</h1>
      <p role="alert">{problem.offline ? problem.message : (TEXT[problem.code] ?? problem.message)}</p>
      {kept.length > 0 && <a class="button" href="#/">My trips on this phone</a>}
    </main>
  );
}
