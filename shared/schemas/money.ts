import { z } from 'zod';
import { AmountCents, Cents, Currency, DocBase, Id, Instant, IsoDate } from './common.js';

/**
 * Expenses and settlements. Money is integer minor units of a currency (cents); an expense may be in another
 * currency than the trip's only with an explicit exchange rate, and every balance is in the trip's currency.
 */

export const ExpenseCategory = z.enum(['lodging', 'golf', 'food', 'drinks', 'transport', 'activities', 'gear', 'other']);
export type ExpenseCategory = z.infer<typeof ExpenseCategory>;

/**
 * Units of the trip's currency per one unit of the expense's currency, as a decimal string (no float error):
 * `"1.0845"` turns 100.00 EUR into 108.45 USD. Up to 10 decimals, more than zero.
 */
export const ExchangeRate = z
  .string()
  .regex(/^(?:0|[1-9]\d{0,8})(?:\.\d{1,10})?$/, 'must be a decimal number such as "1.0845" (up to 10 decimals)')
  .refine((s) => /[1-9]/.test(s), 'must be more than zero');

const SplitPlayers = <T extends z.ZodType>(row: T) =>
  z
    .array(row)
    .min(1, 'at least one participant')
    .max(200)
    .refine((rows) => new Set(rows.map((r) => (r as { playerId: string }).playerId)).size === rows.length, 'a player is listed twice');

/**
 * How an expense is shared. Each way sums exactly to the amount: the cents that do not divide go by largest
 * remainder, and among equal remainders to the participant listed first.
 * - equal: the same share each;
 * - exact: amounts in the expense's currency that must add up to its amount;
 * - shares: whole shares (2 shares pay twice what 1 share pays);
 * - percentages: up to 2 decimals each, adding up to exactly 100.
 */
export const ExpenseSplit = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('equal'), playerIds: z.array(Id).min(1, 'at least one participant').max(200).refine((ids) => new Set(ids).size === ids.length, 'a player is listed twice') }),
  z.strictObject({ mode: z.literal('exact'), amounts: SplitPlayers(z.strictObject({ playerId: Id, cents: AmountCents.min(0, 'must not be negative') })) }),
  z.strictObject({ mode: z.literal('shares'), shares: SplitPlayers(z.strictObject({ playerId: Id, shares: z.number().int('must be whole shares').min(1).max(1000) })) }),
  z.strictObject({
    mode: z.literal('percentages'),
    percentages: SplitPlayers(
      z.strictObject({
        playerId: Id,
        percent: z
          .number()
          .min(0)
          .max(100)
          .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'at most 2 decimals'),
      }),
    ),
  }),
]);
export type ExpenseSplit = z.infer<typeof ExpenseSplit>;

const expenseFields = {
  payerId: Id,
  /** In the expense's currency, minor units, more than zero. */
  amountCents: AmountCents.min(1, 'must be at least 1 cent'),
  /** ISO 4217; the trip's currency when left out. */
  currency: Currency,
  /** Required when the currency is not the trip's; must be left out (or "1") when it is. */
  exchangeRate: ExchangeRate,
  category: ExpenseCategory,
  date: IsoDate,
  description: z.string().trim().min(1).max(500),
  split: ExpenseSplit,
  /** A receipt uploaded with `POST …/receipts/upload`. */
  receiptId: Id,
};

/** Body of `POST /trips/:tripId/expenses` (and of a player's `POST /trip-portal/trips/:tripId/expenses`, without `payerId`). */
export const CreateExpenseBody = z.strictObject({
  ...expenseFields,
  currency: expenseFields.currency.optional(),
  exchangeRate: expenseFields.exchangeRate.optional(),
  receiptId: expenseFields.receiptId.optional(),
});
export type CreateExpenseBody = z.infer<typeof CreateExpenseBody>;

export const PortalCreateExpenseBody = CreateExpenseBody.omit({ payerId: true });
export type PortalCreateExpenseBody = z.infer<typeof PortalCreateExpenseBody>;

/** Body of `PATCH …/expenses/:expenseId`: any field; `receiptId: null` detaches the receipt, `exchangeRate: null` drops it. */
export const PatchExpenseBody = z
  .strictObject({ ...expenseFields, receiptId: expenseFields.receiptId.nullable(), exchangeRate: expenseFields.exchangeRate.nullable() })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');
export type PatchExpenseBody = z.infer<typeof PatchExpenseBody>;

export const Creator = z.object({ kind: z.enum(['organizer', 'player']), id: z.string() });

/** A participant's share in the trip's currency. The field name is what the `trip/player_refs` view indexes. */
const ShareRow = z.object({ playerId: Id, cents: Cents });

/** The expense document, `expense:<id>`. `participants` are the shares in the trip's currency, summing to `tripAmountCents`. */
export const ExpenseDoc = DocBase.extend({
  type: z.literal('expense'),
  id: Id,
  payerId: Id,
  amountCents: AmountCents.min(1),
  currency: Currency,
  exchangeRate: ExchangeRate.nullable(),
  tripAmountCents: AmountCents.min(0),
  category: ExpenseCategory,
  date: IsoDate,
  description: z.string().min(1).max(500),
  split: ExpenseSplit,
  participants: z.array(ShareRow).min(1),
  receiptId: Id.nullable(),
  createdBy: Creator,
}).superRefine((doc, ctx) => {
  const sum = doc.participants.reduce((a, p) => a + p.cents, 0);
  if (sum !== doc.tripAmountCents) ctx.addIssue({ code: 'custom', path: ['participants'], message: `shares sum to ${sum}, not ${doc.tripAmountCents}` });
});
export type ExpenseDoc = z.infer<typeof ExpenseDoc>;

export const Expense = z.object({
  id: Id,
  tripId: Id,
  payerId: Id,
  amountCents: z.number().int(),
  currency: z.string(),
  exchangeRate: z.string().nullable(),
  tripCurrency: z.string(),
  tripAmountCents: z.number().int(),
  category: ExpenseCategory,
  date: z.string(),
  description: z.string(),
  split: ExpenseSplit,
  /** Each participant's share in the trip's currency. */
  shares: z.array(ShareRow),
  receiptId: z.string().nullable(),
  createdBy: Creator,
  createdAt: Instant,
  updatedAt: Instant,
});
export type Expense = z.infer<typeof Expense>;

export const ExpenseParams = z.strictObject({ tripId: Id, expenseId: Id });
export const ExpenseListQuery = z.strictObject({
  payerId: Id.optional(),
  /** Expenses this player paid or shares in. */
  playerId: Id.optional(),
  category: ExpenseCategory.optional(),
});

export const BalanceRow = z.object({ playerId: Id, name: z.string(), paidCents: z.number().int(), shareCents: z.number().int(), netCents: z.number().int() });
export const ExpenseBalances = z.object({
  currency: z.string(),
  totalCents: z.number().int(),
  expenseCount: z.number().int(),
  balances: z.array(BalanceRow),
});

// ——— Settlements ———

export const SettlementKind = z.enum(['plain', 'unified', 'organizer']);
export type SettlementKind = z.infer<typeof SettlementKind>;
/** pending → paid (the payer says so) → confirmed (the payee, or an organizer, says the money arrived). */
export const SettlementStatus = z.enum(['pending', 'paid', 'confirmed']);
export type SettlementStatus = z.infer<typeof SettlementStatus>;

/** The settlement document, `settlement:<id>`: one transfer of a persisted plan. */
export const SettlementDoc = DocBase.extend({
  type: z.literal('settlement'),
  id: Id,
  kind: SettlementKind,
  organizerPlayerId: Id.nullable(),
  fromPlayerId: Id,
  toPlayerId: Id,
  cents: Cents.min(1),
  currency: Currency,
  status: SettlementStatus,
  /** The plan it belongs to: a hash of the plan's kind and transfers, so persisting the same plan again is a no-op. */
  planId: z.string(),
  paidAt: Instant.nullable(),
  paidBy: Creator.nullable(),
  confirmedAt: Instant.nullable(),
  confirmedBy: Creator.nullable(),
});
export type SettlementDoc = z.infer<typeof SettlementDoc>;

export const Settlement = z.object({
  id: Id,
  tripId: Id,
  kind: SettlementKind,
  organizerPlayerId: Id.nullable(),
  fromPlayerId: Id,
  toPlayerId: Id,
  cents: z.number().int(),
  currency: z.string(),
  status: SettlementStatus,
  planId: z.string(),
  paidAt: z.string().nullable(),
  paidBy: Creator.nullable(),
  confirmedAt: z.string().nullable(),
  confirmedBy: Creator.nullable(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type Settlement = z.infer<typeof Settlement>;

export const Transfer = z.object({ fromPlayerId: Id, toPlayerId: Id, cents: z.number().int() });

/** Where each player's net comes from (trip currency; positive: is owed money). */
export const NetRow = z.object({
  playerId: Id,
  name: z.string(),
  expensesCents: z.number().int(),
  sideGamesCents: z.number().int(),
  wagersCents: z.number().int(),
  potCents: z.number().int(),
  /** Already paid through settlements marked paid or confirmed (paying raises a debtor's net towards zero). */
  settledCents: z.number().int(),
  netCents: z.number().int(),
});

/** A computed plan (not stored): the nets it settles and its transfers. */
export const SettlementPlan = z.object({
  kind: SettlementKind,
  organizerPlayerId: Id.nullable(),
  currency: z.string(),
  planId: z.string(),
  nets: z.array(NetRow),
  transfers: z.array(Transfer),
  /** Transfers of the classic greedy plan, for comparison. */
  greedyTransferCount: z.number().int(),
});

export const SettlementParams = z.strictObject({ tripId: Id, settlementId: Id });
export const OrganizerSettlementParams = z.strictObject({ tripId: Id, organizerPlayerId: Id });
export const SettlementListQuery = z.strictObject({ kind: SettlementKind.optional(), status: SettlementStatus.optional(), playerId: Id.optional() });
export const PersistedPlan = z.object({
  planId: z.string(),
  unchanged: z.boolean(),
  items: z.array(Settlement),
  /** Pending settlements removed: the plan no longer asks for their transfer. */
  removedPending: z.number().int(),
  /** Pending settlements whose transfer the plan still asks for: same id and state, now under this plan. */
  keptPending: z.number().int(),
});
