/**
 * The organizer's dashboard: boot. Builds the services every screen shares (the session, the one API client, the
 * one data cache) and renders the shell.
 */
import { render } from 'preact';
import { ApiClient } from './api/client.js';
import { SessionStore } from './auth/session.js';
import { QueryContext } from './data/hooks.js';
import { QueryClient } from './data/query.js';
import { App } from './app/shell.js';
import { ServicesContext } from './screen.js';
import '../common/theme.css';
import './styles.css';
import './rounds.css';
import './players.css';
import './control-room.css';
import './scores.css';
import './games.css';
import './boards.css';
import './money.css';
import './around.css';
import './insights.css';

const session = new SessionStore();
const api = new ApiClient({ token: () => session.token(), onUnauthorized: () => session.askToSignInAgain() });
const queries = new QueryClient();

// The cache belongs to one account: signing out (here or in another tab) or in as someone else empties it.
let account = session.current()?.user.id ?? null;
session.subscribe((s) => {
  const now = s.status === 'signed-in' ? s.session.user.id : null;
  if (now !== account) queries.clear();
  account = now;
});

const root = document.getElementById('app')!;
root.textContent = '';
render(
  <ServicesContext.Provider value={{ api, session }}>
    <QueryContext.Provider value={queries}>
      <App />
    </QueryContext.Provider>
  </ServicesContext.Provider>,
  root,
);
