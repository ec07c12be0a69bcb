import { z } from 'zod';

/**
 * CSV exports of a trip (issue 24, "Money: exports"): what an organizer opens in a spreadsheet. Each kind is a file
 * at `GET /trips/:tripId/exports/<kind>.csv`; names, not ids; money as decimals of the trip's currency.
 */
export const EXPORT_KINDS = ['scores', 'results', 'expenses', 'settlement-plan'] as const;
export const ExportKind = z.enum(EXPORT_KINDS);
export type ExportKind = z.infer<typeof ExportKind>;

/** Query of the settlement plan export: which plan (default the unified one: expenses, games, wagers and the pot). */
export const SettlementPlanExportQuery = z.object({
  kind: z.enum(['plain', 'unified']).default('unified').describe('plain (expenses only) or unified (default: expenses, side games, wagers and the pot)'),
});
export type SettlementPlanExportQuery = z.infer<typeof SettlementPlanExportQuery>;

/** The body of a CSV answer as the OpenAPI document describes it. */
export const CsvText = z.string().describe('RFC 4180 CSV, UTF-8 with a byte order mark, CRLF line ends, a header row first');
