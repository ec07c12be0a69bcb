/** The trip documents the Trip tab reads, as the shared schemas define them (types only: nothing is bundled). */
export type { ActivityDoc } from '../../../../shared/schemas/activity.js';
export type { RideOfferDoc as OfferDoc, RideRequestDoc as RequestDoc } from '../../../../shared/schemas/travel.js';
export type { AvailabilityDoc } from '../../../../shared/schemas/availability.js';
export type { ReportDoc, Report, ReportList } from '../../../../shared/schemas/report.js';
export type { Activity } from '../../../../shared/schemas/activity.js';
export type { RoundDoc } from '../../../../shared/schemas/round.js';

/** What each section of the Trip screen gets from it: the path after the section (`reports/<id>` → `[id]`). */
export interface SectionProps {
  rest: string[];
}
