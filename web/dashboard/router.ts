/** The current fragment as a {@link Location}, and moving to another. */
import { useEffect, useState } from 'preact/hooks';
import { parseHash, type Location } from './paths.js';

/** Goes to a fragment (from `href`); `replace` leaves no history entry (redirects). */
export function navigate(hash: string, replace = false): void {
  if (replace) {
    history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
    dispatchEvent(new HashChangeEvent('hashchange'));
  } else location.hash = hash;
}

export function useLocation(): Location {
  const [loc, setLoc] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const on = () => setLoc(parseHash(location.hash));
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return loc;
}
