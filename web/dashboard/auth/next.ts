/** Where to go after signing in or registering: the `next` fragment if it is one of ours, else the trip list. */
import { href } from '../paths.js';

export function nextAfterSignIn(query: URLSearchParams): string {
  const next = query.get('next');
  return next && next.startsWith('#/') && !next.startsWith('#//') ? next : href('trips');
}
