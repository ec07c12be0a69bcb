/**
 * The route table: one entry per screen, in the order the trip navigation shows them. It drives both the routing
 * (which screen a fragment opens, who may open it) and the navigation (a trip's tabs are the entries with a `nav`
 * label), so a screen added here appears in both. Screens load when first opened (esbuild splits each dynamic
 * `import()` into its own chunk); only sign-in and the trip list ride in the first visit's bundle.
 */
import type { ComponentType } from 'preact';
import type { RouteName } from './paths.js';
import type { ScreenProps, TripScreenProps } from './screen.js';
import { SignInScreen } from './screens/sign-in/sign-in-screen.js';
import { TripsScreen } from './screens/trips/trips-screen.js';

/** `signed-in`: sends a signed-out visitor to sign in first; `signed-out`: sends a signed-in one home. */
export type Access = 'public' | 'signed-in' | 'signed-out';

interface BaseRoute {
  name: RouteName;
  access: Access;
  /** The document title (the trip's name is added inside a trip). */
  title: string;
}

export interface PlainRoute extends BaseRoute {
  layout: 'plain';
  load: () => Promise<ComponentType<ScreenProps>>;
}

export interface TripRoute extends BaseRoute {
  layout: 'trip';
  /** The tab's label in the trip's navigation. */
  nav: string;
  /** The group of tabs it sits in: the trip's navigation shows one labelled row per group, in table order. */
  section: NavSection;
  load: () => Promise<ComponentType<TripScreenProps>>;
}

export type RouteDef = PlainRoute | TripRoute;

/** Before the trip, on the day, the money, everything around the golf, and who runs the trip. */
export type NavSection = 'Set up' | 'Trip day' | 'Money' | 'Around the golf' | 'Admin';

export const ROUTES: readonly RouteDef[] = [
  { name: 'signIn', access: 'signed-out', layout: 'plain', title: 'Sign in', load: async () => SignInScreen },
  { name: 'register', access: 'signed-out', layout: 'plain', title: 'Create an account', load: () => import('./screens/register/register-screen.js').then((m) => m.RegisterScreen) },
  { name: 'forgotPassword', access: 'public', layout: 'plain', title: 'Forgot your password', load: () => import('./screens/password/forgot-screen.js').then((m) => m.ForgotPasswordScreen) },
  { name: 'resetPassword', access: 'public', layout: 'plain', title: 'Set a new password', load: () => import('./screens/password/reset-screen.js').then((m) => m.ResetPasswordScreen) },
  { name: 'acceptInvite', access: 'public', layout: 'plain', title: 'Co-organizer invite', load: () => import('./screens/accept-invite/accept-invite-screen.js').then((m) => m.AcceptInviteScreen) },
  { name: 'trips', access: 'signed-in', layout: 'plain', title: 'Your trips', load: async () => TripsScreen },
  { name: 'newTrip', access: 'signed-in', layout: 'plain', title: 'New trip', load: () => import('./screens/new-trip/new-trip-screen.js').then((m) => m.NewTripScreen) },
  { name: 'copyTrip', access: 'signed-in', layout: 'plain', title: 'Copy a past trip', load: () => import('./screens/copy-trip/copy-trip-screen.js').then((m) => m.CopyTripScreen) },
  { name: 'tripSetup', access: 'signed-in', layout: 'plain', title: 'Setting up the trip', load: () => import('./screens/trip-setup/trip-setup-screen.js').then((m) => m.TripSetupScreen) },
  { name: 'roundPrint', access: 'signed-in', layout: 'plain', title: 'Print a round', load: () => import('./screens/round-print/print-screen.js').then((m) => m.RoundPrintScreen) },
  // A trip's tabs, in this order, grouped by `section`.
  { name: 'trip', access: 'signed-in', layout: 'trip', section: 'Set up', nav: 'Overview', title: 'Overview', load: () => import('./screens/trip-overview/trip-overview-screen.js').then((m) => m.TripOverviewScreen) },
  { name: 'tripPlayers', access: 'signed-in', layout: 'trip', section: 'Set up', nav: 'Players', title: 'Players', load: () => import('./screens/players/players-screen.js').then((m) => m.PlayersScreen) },
  { name: 'tripCourses', access: 'signed-in', layout: 'trip', section: 'Set up', nav: 'Courses', title: 'Courses', load: () => import('./screens/courses/courses-screen.js').then((m) => m.CoursesScreen) },
  { name: 'tripRounds', access: 'signed-in', layout: 'trip', section: 'Set up', nav: 'Rounds', title: 'Rounds', load: () => import('./screens/rounds/rounds-screen.js').then((m) => m.RoundsScreen) },
  { name: 'tripPairings', access: 'signed-in', layout: 'trip', section: 'Set up', nav: 'Pairings', title: 'Pairings', load: () => import('./screens/pairings/pairings-screen.js').then((m) => m.PairingsScreen) },
  { name: 'tripLinks', access: 'signed-in', layout: 'trip', section: 'Set up', nav: 'Links', title: 'Links', load: () => import('./screens/links/links-screen.js').then((m) => m.LinksScreen) },
  { name: 'tripControlRoom', access: 'signed-in', layout: 'trip', section: 'Trip day', nav: 'Control room', title: 'Control room', load: () => import('./screens/control-room/control-room-screen.js').then((m) => m.ControlRoomScreen) },
  { name: 'tripScores', access: 'signed-in', layout: 'trip', section: 'Trip day', nav: 'Disputes & corrections', title: 'Disputes and corrections', load: () => import('./screens/scores/scores-screen.js').then((m) => m.ScoresScreen) },
  { name: 'tripGames', access: 'signed-in', layout: 'trip', section: 'Trip day', nav: 'Games', title: 'Games', load: () => import('./screens/games/games-screen.js').then((m) => m.GamesScreen) },
  { name: 'tripBoards', access: 'signed-in', layout: 'trip', section: 'Trip day', nav: 'Leaderboards', title: 'Leaderboards', load: () => import('./screens/boards/boards-screen.js').then((m) => m.BoardsScreen) },
  { name: 'tripMoney', access: 'signed-in', layout: 'trip', section: 'Money', nav: 'Money', title: 'Money', load: () => import('./screens/money/money-screen.js').then((m) => m.MoneyScreen) },
  { name: 'tripExports', access: 'signed-in', layout: 'trip', section: 'Money', nav: 'Exports', title: 'Exports', load: () => import('./screens/exports/exports-screen.js').then((m) => m.ExportsScreen) },
  { name: 'tripTravel', access: 'signed-in', layout: 'trip', section: 'Around the golf', nav: 'Travel', title: 'Travel', load: () => import('./screens/travel/travel-screen.js').then((m) => m.TravelScreen) },
  { name: 'tripActivities', access: 'signed-in', layout: 'trip', section: 'Around the golf', nav: 'Activities', title: 'Activities', load: () => import('./screens/activities/activities-screen.js').then((m) => m.ActivitiesScreen) },
  { name: 'tripAvailability', access: 'signed-in', layout: 'trip', section: 'Around the golf', nav: 'Availability', title: 'Availability', load: () => import('./screens/availability/availability-screen.js').then((m) => m.AvailabilityScreen) },
  { name: 'tripReports', access: 'signed-in', layout: 'trip', section: 'Around the golf', nav: 'Reports', title: 'Trip reports', load: () => import('./screens/reports/reports-screen.js').then((m) => m.ReportsScreen) },
  { name: 'tripDisplay', access: 'signed-in', layout: 'trip', section: 'Around the golf', nav: 'TV display', title: 'TV display', load: () => import('./screens/display/display-screen.js').then((m) => m.DisplayScreen) },
  { name: 'tripAnalytics', access: 'signed-in', layout: 'trip', section: 'Around the golf', nav: 'Analytics', title: 'Analytics', load: () => import('./screens/analytics/analytics-screen.js').then((m) => m.AnalyticsScreen) },
  { name: 'tripOrganizers', access: 'signed-in', layout: 'trip', section: 'Admin', nav: 'Organizers', title: 'Organizers', load: () => import('./screens/organizers/organizers-screen.js').then((m) => m.OrganizersScreen) },
  { name: 'tripSettings', access: 'signed-in', layout: 'trip', section: 'Admin', nav: 'Settings', title: 'Settings', load: () => import('./screens/trip-settings/trip-settings-screen.js').then((m) => m.TripSettingsScreen) },
];

export const routeNamed = (name: RouteName | null): RouteDef | undefined => ROUTES.find((r) => r.name === name);

/** The trip's navigation: every trip route with a tab label, in table order. */
export const TRIP_NAV = ROUTES.filter((r): r is TripRoute => r.layout === 'trip');

/** The trip's navigation by section, sections in the order their first tab appears. */
export const TRIP_NAV_SECTIONS: readonly { section: NavSection; routes: TripRoute[] }[] = TRIP_NAV.reduce<{ section: NavSection; routes: TripRoute[] }[]>((acc, r) => {
  const last = acc[acc.length - 1];
  if (last && last.section === r.section) last.routes.push(r);
  else acc.push({ section: r.section, routes: [r] });
  return acc;
}, []);
