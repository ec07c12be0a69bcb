/**
 * Every address of the dashboard, by name, and typed helpers that build them. Routing is by the fragment
 * (`/#/trips/<id>`): the server's REST API owns the paths `/trips/*`, and a fragment never reaches the server.
 *
 * Fixed formats other parts of the product rely on (mails link to them):
 * - `/#/invites/accept?code=<code>`: accept a co-organizer invite;
 * - `/#/reset-password?email=<email>&code=<code>`: set a new password with the mailed code.
 *
 * The route table (`routes.ts`) says what each address shows; this module only knows addresses, so screens import
 * it without importing the table (which imports them).
 */
export const PATHS = {
  trips: '/',
  signIn: '/sign-in',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  acceptInvite: '/invites/accept',
  newTrip: '/trips/new',
  copyTrip: '/trips/copy',
  tripSetup: '/trips/:tripId/setup',
  trip: '/trips/:tripId',
  tripOrganizers: '/trips/:tripId/organizers',
  tripSettings: '/trips/:tripId/settings',
  tripCourses: '/trips/:tripId/courses',
  tripRounds: '/trips/:tripId/rounds',
  roundPrint: '/trips/:tripId/rounds/:roundId/print',
  tripPairings: '/trips/:tripId/pairings',
  tripPlayers: '/trips/:tripId/players',
  tripLinks: '/trips/:tripId/links',
  tripControlRoom: '/trips/:tripId/control-room',
  tripScores: '/trips/:tripId/scores',
  tripGames: '/trips/:tripId/games',
  tripBoards: '/trips/:tripId/leaderboards',
  tripMoney: '/trips/:tripId/money',
  tripExports: '/trips/:tripId/exports',
  tripTravel: '/trips/:tripId/travel',
  tripActivities: '/trips/:tripId/activities',
  tripAvailability: '/trips/:tripId/availability',
  tripReports: '/trips/:tripId/reports',
  tripDisplay: '/trips/:tripId/display',
  tripAnalytics: '/trips/:tripId/analytics',
} as const;

export type RouteName = keyof typeof PATHS;

type ParamNames<P extends string> = P extends `${string}:${infer K}/${infer Rest}` ? K | ParamNames<`/${Rest}`> : P extends `${string}:${infer K}` ? K : never;
export type ParamsOf<N extends RouteName> = { [K in ParamNames<(typeof PATHS)[N]>]: string };
export type Query = Record<string, string | number | undefined | null>;

type HrefArgs<N extends RouteName> = [ParamNames<(typeof PATHS)[N]>] extends [never] ? [params?: Record<string, never>, query?: Query] : [params: ParamsOf<N>, query?: Query];

/** The fragment of a screen: `href('trip', { tripId })` → `#/trips/abc123`; `href('trips', {}, { page: 2 })` → `#/?page=2`. */
export function href<N extends RouteName>(name: N, ...[params, query]: HrefArgs<N>): string {
  const path = PATHS[name].replace(/:(\w+)/g, (_m, k: string) => encodeURIComponent((params as Record<string, string>)[k] ?? ''));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const qs = q.toString();
  return `#${path}${qs ? `?${qs}` : ''}`;
}

export interface Location {
  name: RouteName | null;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The fragment itself, e.g. `#/trips/abc`. */
  hash: string;
}

/** Static paths before parameterized ones, so `/trips/new` is never read as a trip id. */
const ORDER = (Object.keys(PATHS) as RouteName[]).sort((a, b) => Number(PATHS[a].includes(':')) - Number(PATHS[b].includes(':')));

/** Which screen a fragment names (`name: null` for none). */
export function parseHash(hash: string): Location {
  const raw = hash.replace(/^#/, '') || '/';
  const [pathPart = '/', queryPart = ''] = raw.split('?', 2) as [string, string?];
  const path = pathPart.startsWith('/') ? pathPart : `/${pathPart}`;
  const parts = path.split('/').filter(Boolean);
  const query = new URLSearchParams(queryPart);
  for (const name of ORDER) {
    const pattern = PATHS[name].split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i]!;
      if (p.startsWith(':')) {
        try {
          params[p.slice(1)] = decodeURIComponent(parts[i]!);
        } catch {
          ok = false;
        }
      } else if (p !== parts[i]) ok = false;
      if (!ok) break;
    }
    if (ok) return { name, params, query, hash: `#${raw}` };
  }
  return { name: null, params: {}, query, hash: `#${raw}` };
}
