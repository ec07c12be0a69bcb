import type { Context } from 'koa';
import { decodeUtf8, illFormedStringPath, jsonDepthProblem, MAX_JSON_DEPTH } from '../../shared/json-limits.js';
import { AppError } from './errors.js';

/** Largest JSON body accepted (bulk player lists and wizard bodies fit comfortably). */
export const JSON_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads a JSON request body. No body is `undefined`; a body with another media type is 415, one over the limit
 * 413, and malformed JSON 400, each before anything is changed.
 */
export async function readJson(ctx: Context, limit = JSON_LIMIT_BYTES): Promise<unknown> {
  const length = ctx.request.length;
  const hasBody = (length !== undefined && length > 0) || ctx.get('transfer-encoding') !== '';
  if (!hasBody) return undefined;
  if (!ctx.is('application/json', '+json')) {
    throw new AppError('unsupported_media_type', `send the body as application/json, not ${ctx.get('content-type') || 'no content type'}`);
  }
  if (length !== undefined && length > limit) throw tooLarge(limit);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      ctx.req.resume();
      throw tooLarge(limit);
    }
    chunks.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  return parseStrictJson(Buffer.concat(chunks));
}

/**
 * Bytes to JSON under the rules every body keeps (shared/json-limits.ts): valid UTF-8, at most 32 levels deep, no
 * lone surrogate in any string; each refused with 400 before anything walks the value. Empty is `undefined`.
 */
export function parseStrictJson(bytes: { buffer: ArrayBufferLike; byteOffset: number; byteLength: number }): unknown {
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) throw new AppError('malformed_json', decoded.problem);
  const text = decoded.text;
  if (text.trim() === '') return undefined;
  const deep = jsonDepthProblem(text);
  if (deep) throw new AppError('malformed_json', deep, [{ message: 'too deep', maxDepth: MAX_JSON_DEPTH }]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new AppError('malformed_json', `the body is not valid JSON: ${(err as Error).message}`);
  }
  const at = illFormedStringPath(value);
  if (at) throw new AppError('malformed_json', 'a string of the body holds a lone surrogate (not well-formed Unicode)', [{ path: ['body', ...at], message: 'lone surrogate' }]);
  return value;
}

function tooLarge(limit: number) {
  return new AppError('payload_too_large', `the body is larger than ${limit} bytes`, [{ message: 'limit', limitBytes: limit }]);
}
