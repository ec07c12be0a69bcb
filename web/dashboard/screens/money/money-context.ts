/** What every view of the Money tab needs: the trip, its currency and its players by id. */
export interface MoneyPlayer {
  id: string;
  name: string;
  role: string;
  team: string | null;
}

export interface MoneyContext {
  tripId: string;
  /** The trip's time zone: every time shown is on the trip's clock. */
  timezone: string;
  currency: string;
  players: MoneyPlayer[];
  nameOf: (playerId: string) => string;
  query: URLSearchParams;
  myRole: 'owner' | 'organizer';
}
