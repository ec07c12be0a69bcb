import type { Receipt, ReceiptContentType, ReceiptDoc, ReceiptUploader } from '../../shared/schemas/receipt.js';
import { createReadStream } from 'node:fs';
import { fileTypeFromBuffer } from 'file-type';
import type { AppDeps } from '../deps.js';
import { withFileSource, type UploadedFile } from '../http/multipart.js';
import { AppError } from '../http/errors.js';
import { checkBlobKey } from '../store/blobs.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { newDocFields } from '../trips/trip-db.js';

export type StoredReceipt = ReceiptDoc & StoredDoc;

export const receiptDocId = (receiptId: string) => `receipt:${receiptId}`;

/** Where a receipt's bytes live in the BlobStore. */
export const receiptBlobKey = (tripId: string, receiptId: string) => checkBlobKey(`trip/${tripId}/receipt/${receiptId}`);

/** The stored receipt document of a trip; 404 `not_found` when the trip has none with that id. */
export async function getReceipt(db: Database, receiptId: string): Promise<StoredReceipt> {
  const doc = await db.get<StoredReceipt>(receiptDocId(receiptId));
  if (!doc || doc.type !== 'receipt') throw new AppError('not_found', `no receipt ${receiptId} on this trip`);
  return doc;
}

/** HEIF brands (ISO/IEC 23008-12 Annex B): HEVC-coded images and sequences, and the generic image/sequence brands. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

/** What file-type names the receipt types it recognises (an animated PNG is still a PNG). */
const FROM_FILE_TYPE: Readonly<Record<string, ReceiptContentType>> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/apng': 'image/png',
  'application/pdf': 'application/pdf',
};

/** Bytes read from the start of an upload to type it: what file-type needs for every format it knows. */
export const SNIFF_BYTES = 4100;

/**
 * The receipt type of a file, read from its first bytes (its name and declared type are not trusted), or undefined
 * when it is none of JPEG, PNG, PDF, HEIC/HEIF. JPEG, PNG (its chunk structure, not only the signature) and PDF are
 * recognised by file-type. HEIC/HEIF are read here from the ISO BMFF brands, because file-type looks at the major
 * brand only: an image whose major brand is `mif1` with `heic` among the compatible brands is HEIC, and the `heim`
 * and `heis` brands are HEIC too (file-type calls them MP4 video).
 * @example await sniffReceiptType(jpegBytes) // "image/jpeg"
 */
export async function sniffReceiptType(bytes: Uint8Array): Promise<ReceiptContentType | undefined> {
  if (bytes.length >= 8 && ascii(bytes, 4, 8) === 'ftyp') return heifType(bytes);
  const found = await fileTypeFromBuffer(bytes);
  return found ? FROM_FILE_TYPE[found.mime] : undefined;
}

/** ISO BMFF: the first box is `ftyp` (size, "ftyp", major brand, minor version, compatible brands…). */
function heifType(bytes: Uint8Array): ReceiptContentType | undefined {
  if (bytes.length < 16) return undefined;
  const declared = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  // Size 1 means a 64-bit size follows; brands then start 8 bytes later. Read no further than the box or the file.
  const end = Math.min(bytes.length, declared >= 16 ? declared : bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
  if (brands.some((b) => HEIC_BRANDS.has(b))) return 'image/heic';
  if (brands.some((b) => HEIF_BRANDS.has(b))) return 'image/heif';
  return undefined;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The type of a spooled upload, read from its first bytes; 415 when it is no receipt type. */
export async function checkReceiptFile(file: UploadedFile): Promise<ReceiptContentType> {
  const head = await withFileSource(file, (src) => src.read(0, SNIFF_BYTES));
  const contentType = await sniffReceiptType(head);
  if (!contentType) throw new AppError('unsupported_media_type', 'a receipt must be a JPEG, PNG, HEIC/HEIF or PDF file', [{ path: ['body', 'file'], message: 'unsupported file content' }]);
  return contentType;
}

/**
 * Stores a receipt: the bytes in the BlobStore first, then the `receipt:<id>` document, so a document never points
 * at missing bytes. When the document cannot be written the bytes are removed again.
 */
export async function createReceipt(deps: AppDeps, db: Database, tripId: string, upload: { file: UploadedFile; uploadedBy: ReceiptUploader }): Promise<StoredReceipt> {
  const contentType = await checkReceiptFile(upload.file);
  const id = deps.newId();
  const blobKey = receiptBlobKey(tripId, id);
  const { size, sha256 } = await deps.blobs.putStream(blobKey, () => createReadStream(upload.file.path), { contentType, size: upload.file.size });
  const fields = newDocFields(deps, 'receipt', id);
  const doc: StoredReceipt = {
    ...fields,
    contentType,
    size,
    sha256,
    originalName: upload.file.originalName,
    uploadedAt: fields.createdAt,
    uploadedBy: upload.uploadedBy,
    expenseId: null,
    blobKey,
  };
  try {
    await db.put(doc);
  } catch (err) {
    await deps.blobs.delete(blobKey).catch(() => undefined);
    throw err;
  }
  return doc;
}

/** A stream of a receipt's bytes; 404 when they are gone (the metadata outlived them). */
export async function receiptFile(deps: AppDeps, doc: StoredReceipt) {
  const blob = await deps.blobs.open(doc.blobKey);
  if (!blob) throw new AppError('not_found', `the file of receipt ${doc.id} is missing`);
  return blob;
}

/** The REST shape: no storage fields, the trip, and where to download the bytes (the dashboard or portal path). */
export function presentReceipt(tripId: string, doc: StoredReceipt, via: 'dashboard' | 'portal' = 'dashboard'): Receipt {
  const prefix = via === 'portal' ? '/trip-portal/trips' : '/trips';
  return {
    id: doc.id,
    tripId,
    contentType: doc.contentType,
    size: doc.size,
    sha256: doc.sha256,
    originalName: doc.originalName,
    uploadedAt: doc.uploadedAt,
    uploadedBy: { kind: doc.uploadedBy.kind, id: doc.uploadedBy.id },
    expenseId: doc.expenseId ?? null,
    url: `${prefix}/${tripId}/receipts/${doc.id}/file`,
  };
}
