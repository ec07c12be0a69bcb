import { z } from 'zod';

/** Ways a player can be paid what a settlement owes them. */
export const PaymentMethod = z.enum(['venmo', 'paypal', 'cashapp', 'zelle', 'cash']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Venmo usernames: 5–30 letters, digits, hyphens or underscores, written without the "@" Venmo shows. */
const VenmoHandle = z
  .string()
  .regex(/^[^@]/, { message: 'write the Venmo username without the leading @', abort: true })
  .regex(/^[A-Za-z0-9_-]{5,30}$/, 'must be a Venmo username: 5–30 letters, digits, - or _');

/** The name in paypal.me/<name>: 1–20 letters or digits. */
const PayPalMe = z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'must be a PayPal.me name: 1–20 letters or digits');

/** A $cashtag without its "$": 1–20 characters, starting with a letter. */
const CashTag = z
  .string()
  .regex(/^[^$]/, { message: 'write the Cash App cashtag without the leading $', abort: true })
  .regex(/^[A-Za-z][A-Za-z0-9]{0,19}$/, 'must be a Cash App cashtag: 1–20 letters or digits, starting with a letter');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A phone number as people write it: optional +, digits with spaces, dots, dashes or parentheses, 7–15 digits. */
const PHONE = /^\+?[0-9][0-9 ().-]{5,23}[0-9]$/;

/** The email address or phone number registered with Zelle. */
const ZelleContact = z
  .string()
  .trim()
  .max(254)
  .refine((s) => EMAIL.test(s) || (PHONE.test(s) && /^(?:\D*\d){7,15}\D*$/.test(s)), 'must be the email address or phone number registered with Zelle');

/** How a player wants to be paid; every field optional, `preferred` is listed first among the payment links. */
export const PaymentPreferences = z.strictObject({
  venmo: VenmoHandle.optional(),
  paypalMe: PayPalMe.optional(),
  cashApp: CashTag.optional(),
  zelle: ZelleContact.optional(),
  cash: z.boolean().optional(),
  preferred: PaymentMethod.optional(),
});
export type PaymentPreferences = z.infer<typeof PaymentPreferences>;

/** One way to pay: a link that opens the app with the amount filled in, or (Zelle, cash) instructions only. */
export const PaymentLink = z.object({
  method: PaymentMethod,
  label: z.string(),
  url: z.string().nullable(),
  instructions: z.string(),
});
export type PaymentLink = z.infer<typeof PaymentLink>;
