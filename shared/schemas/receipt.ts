import { z } from 'zod';
import { DocBase, Id, Instant } from './common.js';

/**
 * Receipts: a photo or PDF of a bill, uploaded once and linked to at most one expense. The bytes live in the
 * BlobStore (never in the replicated trip database); this metadata document lives in the trip database.
 */

/** Content types a receipt may have, decided by the file's first bytes (never by its name or declared type). */
export const ReceiptContentType = z.enum(['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'application/pdf']);
export type ReceiptContentType = z.infer<typeof ReceiptContentType>;

/** Largest receipt accepted: 10 MiB. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

export const ReceiptUploader = z.object({ kind: z.enum(['organizer', 'player']), id: z.string() });
export type ReceiptUploader = z.infer<typeof ReceiptUploader>;

const receiptFields = {
  id: Id,
  contentType: ReceiptContentType,
  /** Bytes. */
  size: z.number().int().min(1).max(RECEIPT_MAX_BYTES),
  /** Lowercase hex SHA-256 of the bytes. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The file name the uploader's device gave, for display and download only. */
  originalName: z.string().max(255),
  uploadedAt: Instant,
  uploadedBy: ReceiptUploader,
  /** The expense this receipt is attached to; set by the expenses routes. */
  expenseId: Id.nullable(),
};

/** The `receipt:<id>` document in the trip database. `blobKey` names its bytes in the BlobStore. */
export const ReceiptDoc = DocBase.extend({ type: z.literal('receipt'), ...receiptFields, blobKey: z.string() });
export type ReceiptDoc = z.infer<typeof ReceiptDoc>;

/** A receipt as REST answers it. */
export const Receipt = z.object({
  ...receiptFields,
  tripId: Id,
  /** Where the bytes are downloaded, relative to the server. */
  url: z.string(),
});
export type Receipt = z.infer<typeof Receipt>;

export const ReceiptParams = z.strictObject({ tripId: Id, receiptId: Id });
export type ReceiptParams = z.infer<typeof ReceiptParams>;
