/** Shown while the portal token is refused (revoked, expired): what happened, that nothing is lost, what to do. */
import { useStatus } from '../state/hooks.js';

const WHY: Record<string, string> = {
  token_revoked: 'Your organizer replaced or revoked your link.',
  token_expired: 'Your link has expired.',
  token_invalid: 'Your link is no longer valid.',
  token_used: 'Your link was already used.',
  trip_not_found: 'This trip is no longer on the server.',
  player_not_found: 'You are no longer a player of this trip.',
};

export function TokenBanner() {
  const status = useStatus();
  if (status.state !== 'needs_token') return null;
  const waiting = status.pendingWrites;
  return (
    <section class="token-banner" role="alert" data-testid="needs-token">
      <h2>Ask your organizer for a new link</h2>
      <p>{WHY[status.authError ?? ''] ?? 'The server no longer accepts your link.'}</p>
      <p>
        {waiting
          ? `${waiting} ${waiting === 1 ? 'change is' : 'changes are'} kept on this phone and will sync as soon as you open a new link.`
          : 'Everything on this phone is kept; open the new link to carry on.'}
      </p>
    </section>
  );
}
