/**
 * The Exports tab for its browser test, the screenshots and the accessibility test: the rich trip (scores of a
 * round in play, expenses, a settlement plan with one transfer confirmed) and the tab's one view.
 */
import type { AreaTour } from './dashboard-areas.js';
import { openBoards } from './dashboard-area-boards.js';
import { richTrip } from './rich-trip.js';
import { settle } from './tour.js';

export const area: AreaTour = {
  area: 'exports',
  async tour(page, base, visit) {
    const rich = await richTrip(base);
    await openBoards(page, base, rich, `#/trips/${rich.tripId}/exports`);
    await page.getByRole('button', { name: /Download scores/ }).waitFor();
    await settle(page, 'main');
    await visit('exports', page);
    return ['exports'];
  },
};
