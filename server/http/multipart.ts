import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import koaMulter from '@koa/multer';
import type { Context } from 'koa';
import { MulterError } from 'multer';
import type { ByteSource } from '../reports/media.js';
import { AppError } from './errors.js';

/**
 * multipart/form-data uploads through @koa/multer (multer's Koa binding; multer and busboy do the parsing),
 * spooled to disk: the file part streams into a temporary file under
 * DATA_DIR/tmp/uploads (not the OS temp directory, which may be memory), so a 50 MB upload never sits in memory,
 * and the size limit is enforced while the bytes arrive, whatever Content-Length said. The temporary directory of
 * an upload is removed when its handler is done, refused or not.
 */

export interface UploadedFile {
  /** The spooled bytes on disk, valid until the handler returns. */
  path: string;
  size: number;
  /** The file name the client gave, cleaned for display (see {@link cleanFileName}). */
  originalName: string;
}

export interface MultipartForm {
  /** Text fields by name (each at most once). */
  fields: Record<string, string>;
  file: UploadedFile | undefined;
}

export interface MultipartRules {
  /** Largest file accepted; a larger one is refused with `tooLarge` while it arrives. */
  maxFileBytes: number;
  /** The text fields the form may carry; any other is refused (400). */
  fields: readonly string[];
  /** Longest text field value, bytes. */
  maxFieldBytes: number;
  /** The error for a file over the limit (413 payload_too_large, worded for the resource). */
  tooLarge: () => AppError;
  /** What the upload is, for messages: "the receipt", "the report". */
  what: string;
  /** The file name kept when the client gave none usable. */
  fallbackName: string;
}

/** Room for the multipart envelope around the file and fields (boundaries, part headers, a long name). */
const ENVELOPE_BYTES = 64 * 1024;
/** Upload directories older than this, left by a crash, are removed when the server starts. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

export const uploadsDir = (dataDir: string) => join(dataDir, 'tmp', 'uploads');

/**
 * Reads a multipart/form-data request with at most one file, in the field `file`, hands it to `use`, and removes
 * the spooled file afterwards. Refusals, all before `use` runs: 415 when the body is not multipart/form-data, 413
 * for a file over the limit (at once when Content-Length already says so), 400 for several files, a file in
 * another field, an unknown or repeated field, or a malformed body.
 */
export async function withMultipartUpload<T>(ctx: Context, dataDir: string, rules: MultipartRules, use: (form: MultipartForm) => Promise<T>): Promise<T> {
  if (!ctx.is('multipart/form-data')) {
    throw new AppError('unsupported_media_type', `send ${rules.what} as multipart/form-data, not ${ctx.get('content-type') || 'no content type'}`);
  }
  const length = ctx.request.length;
  if (length !== undefined && length > rules.maxFileBytes + rules.fields.length * rules.maxFieldBytes + ENVELOPE_BYTES) throw rules.tooLarge();
  const dir = join(uploadsDir(dataDir), `${Date.now()}-${randomBytes(8).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    const upload = koaMulter({
      storage: koaMulter.diskStorage({ destination: dir }),
      limits: {
        fileSize: rules.maxFileBytes,
        files: 1,
        fields: rules.fields.length,
        fieldSize: rules.maxFieldBytes,
        parts: rules.fields.length + 1,
        headerPairs: 50,
      },
      // Browsers and fetch send UTF-8 file names; busboy would read them as Latin-1 (multer 2's option, which the
      // binding's types do not list yet).
      defParamCharset: 'utf8',
    } as koaMulter.Options).any();
    try {
      await upload(ctx as never, async () => undefined);
    } catch (err) {
      throw uploadError(err, rules);
    }
    const files = (ctx.request.files as koaMulter.File[] | undefined) ?? [];
    const body = (ctx.request as { body?: Record<string, unknown> }).body;
    const file = files[0];
    if (file && file.fieldname !== 'file') {
      throw new AppError('validation_failed', `send the file in the form field "file", not "${file.fieldname}"`, [{ path: ['body', file.fieldname], message: 'unexpected file field' }]);
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(body ?? {})) {
      if (!rules.fields.includes(name)) throw new AppError('validation_failed', `unexpected form field "${name}"`, [{ path: ['body', name], message: 'unexpected field' }]);
      // multer gathers a repeated field into an array.
      if (typeof value !== 'string') throw new AppError('validation_failed', `send the form field "${name}" once`, [{ path: ['body', name], message: 'repeated field' }]);
      fields[name] = value;
    }
    return await use({ fields, file: file ? { path: file.path, size: file.size, originalName: cleanFileName(file.originalname, rules.fallbackName) } : undefined });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function uploadError(err: unknown, rules: MultipartRules): AppError {
  if (err instanceof MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return rules.tooLarge();
    if (err.code === 'LIMIT_FILE_COUNT') return new AppError('validation_failed', 'send exactly one file per upload', [{ path: ['body', 'file'], message: 'several files' }]);
    if (err.code === 'LIMIT_FIELD_COUNT' || err.code === 'LIMIT_PART_COUNT') {
      return new AppError('validation_failed', `the form carries one file and at most the fields ${rules.fields.join(', ') || '(none)'}`);
    }
    if (err.code === 'LIMIT_FIELD_VALUE') {
      return new AppError('validation_failed', `form field "${err.field}" is longer than ${rules.maxFieldBytes} bytes`, [{ path: ['body', err.field ?? ''], message: 'too long' }]);
    }
    return new AppError('validation_failed', `malformed upload form: ${err.message}`);
  }
  // busboy: a missing boundary, a truncated body and the like are the client's malformed form.
  return new AppError('validation_failed', `malformed multipart body: ${err instanceof Error ? err.message : String(err)}`);
}

/**
 * A file name fit to show and to offer on download: the last path segment (some browsers send `C:\fakepath\…`),
 * without control characters, at most 255 characters; `fallback` when nothing is left.
 */
export function cleanFileName(name: string | undefined, fallback = 'file'): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...last.replace(/[\u0000-\u001f\u007f-\u009f]/g, '')].slice(0, 255).join('').trim();
  return clean === '' || clean === '.' || clean === '..' ? fallback : clean;
}

/** Random access to a spooled file, for content sniffing; `use` runs with the file open. */
export async function withFileSource<T>(file: UploadedFile, use: (src: ByteSource) => Promise<T>): Promise<T> {
  const handle = await open(file.path, 'r');
  try {
    return await use({
      size: file.size,
      async read(offset, length) {
        const n = Math.max(0, Math.min(length, file.size - offset));
        const buffer = new Uint8Array(n);
        let got = 0;
        while (got < n) {
          const { bytesRead } = await handle.read(buffer, got, n - got, offset + got);
          if (bytesRead === 0) break;
          got += bytesRead;
        }
        return buffer.subarray(0, got);
      },
    });
  } finally {
    await handle.close();
  }
}

/** Removes upload directories a crash left behind (older than an hour; a running upload's is newer). */
export async function sweepStaleUploads(dataDir: string, now = Date.now()): Promise<number> {
  const root = uploadsDir(dataDir);
  let removed = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const info = await stat(join(root, name)).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_UPLOAD_MS) {
      await rm(join(root, name), { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
