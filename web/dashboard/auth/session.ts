/**
 * Who is signed in, kept only as long as the organizer expects:
 *
 * - by default in `sessionStorage`: it survives a reload of the tab and ends when the tab (or browser) closes;
 * - with "Keep me signed in on this computer", in `localStorage` (every tab of this browser, until the token
 *   expires or the organizer signs out);
 * - signing out ends it in every tab of this browser: the other tabs hear it on a BroadcastChannel (and, for a
 *   kept session, from the `storage` event) and drop their token at once.
 *
 * When a request finds the token expired or revoked (401), `askToSignInAgain` puts a sign-in dialog over the page
 * (the page stays mounted, so a form being filled keeps its values) and resolves when the organizer has signed in
 * again (true) or given up (false).
 */

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface Session {
  token: string;
  /** ISO instant the token stops working. */
  expiresAt: string;
  user: SessionUser;
  /** Kept in localStorage ("Keep me signed in on this computer"). */
  keep: boolean;
}

export type AuthState =
  | { status: 'signed-out'; reason?: 'signed-out-elsewhere' | 'expired' }
  | { status: 'signed-in'; session: Session; reauth: boolean };

const KEY = 'golf.dashboard.session.v1';
const CHANNEL = 'golf.dashboard.auth';

type Listener = (s: AuthState) => void;

function read(storage: Storage | undefined): Session | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Session;
    if (typeof s?.token !== 'string' || typeof s.expiresAt !== 'string' || !s.user) return null;
    return s;
  } catch {
    return null;
  }
}

const safe = (get: () => Storage): Storage | undefined => {
  try {
    return get();
  } catch {
    return undefined;
  }
};

export class SessionStore {
  private state: AuthState = { status: 'signed-out' };
  private readonly listeners = new Set<Listener>();
  private waiting: ((signedIn: boolean) => void)[] = [];
  private readonly channel: BroadcastChannel | null = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  private readonly local = safe(() => localStorage);
  private readonly tab = safe(() => sessionStorage);

  constructor(private readonly now: () => number = Date.now) {
    const kept = read(this.tab) ?? read(this.local);
    if (kept && Date.parse(kept.expiresAt) > this.now()) this.state = { status: 'signed-in', session: kept, reauth: false };
    else if (kept) this.forget();
    // Another tab signed out: so does this one.
    this.channel?.addEventListener('message', (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type === 'signed-out') this.endHere('signed-out-elsewhere');
    });
    // A kept session removed or replaced by another tab.
    addEventListener('storage', (e) => {
      if (e.key !== KEY || e.storageArea !== this.local) return;
      const current = this.current();
      if (!e.newValue && current?.keep) this.endHere('signed-out-elsewhere');
      else if (e.newValue) {
        const next = read(this.local);
        if (next && (!current || current.keep || this.state.status === 'signed-in' && this.state.reauth)) this.setState({ status: 'signed-in', session: next, reauth: false }, true);
      }
    });
  }

  get(): AuthState {
    return this.state;
  }

  current(): Session | null {
    return this.state.status === 'signed-in' ? this.state.session : null;
  }

  token(): string | null {
    return this.current()?.token ?? null;
  }

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  private setState(next: AuthState, signedIn?: boolean): void {
    this.state = next;
    if (signedIn !== undefined) this.settle(signedIn);
    for (const l of [...this.listeners]) l(next);
  }

  private settle(signedIn: boolean): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const w of waiting) w(signedIn);
  }

  private forget(): void {
    this.local?.removeItem(KEY);
    this.tab?.removeItem(KEY);
  }

  /** After `/auth/login` or `/auth/register`: keeps the session where the organizer chose. */
  signedIn(answer: { token: string; expiresAt: string; user: SessionUser }, keep: boolean): void {
    const session: Session = { token: answer.token, expiresAt: answer.expiresAt, user: answer.user, keep };
    this.forget();
    (keep ? this.local : this.tab)?.setItem(KEY, JSON.stringify(session));
    this.setState({ status: 'signed-in', session, reauth: false }, true);
  }

  /** Signs out here and in every other tab of this browser. */
  signOut(): void {
    this.channel?.postMessage({ type: 'signed-out' });
    this.endHere();
  }

  private endHere(reason?: 'signed-out-elsewhere' | 'expired'): void {
    this.forget();
    this.setState(reason ? { status: 'signed-out', reason } : { status: 'signed-out' }, false);
  }

  /**
   * The token was refused: the organizer is asked to sign in again over the page. Resolves true once they have
   * (the refused requests are then sent again), false if they chose to sign out instead.
   */
  askToSignInAgain(): Promise<boolean> {
    const s = this.current();
    if (!s) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (this.state.status === 'signed-in' && !this.state.reauth) this.setState({ status: 'signed-in', session: s, reauth: true });
    });
  }

  /** The organizer gave up signing in again. */
  giveUp(): void {
    this.endHere('expired');
  }
}
