/**
 * A message for the next screen ("Trip deleted."), shown once by the shell after a screen moved elsewhere.
 */
import { useEffect, useState } from 'preact/hooks';

let pending: string | null = null;
const listeners = new Set<(m: string | null) => void>();

export function flash(message: string): void {
  pending = message;
  for (const l of listeners) l(message);
}

/** The message to show on the screen at `hash`; it is dropped when the organizer moves on to another screen. */
export function useFlash(hash: string): string | null {
  const [message, setMessage] = useState<string | null>(pending);
  const [shownAt, setShownAt] = useState<string | null>(pending ? (typeof location === 'undefined' ? hash : location.hash) : null);
  useEffect(() => {
    const l = (m: string | null) => {
      setMessage(m);
      setShownAt(null);
    };
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  useEffect(() => {
    if (!message) return;
    // The address as it is now, not as the shell last rendered it: a screen that flashes and then navigates (a plain
    // `location.hash` change) is rendered once more at the old address before its `hashchange` arrives, and taking
    // that one for the screen the message is for dropped the message as soon as the new screen showed.
    const here = typeof location === 'undefined' ? hash : location.hash;
    if (shownAt === null) setShownAt(here);
    else if (shownAt !== here) {
      pending = null;
      setMessage(null);
      setShownAt(null);
    }
  }, [hash, message, shownAt]);
  return message;
}
