/**
 * Request plumbing of the gateway: JSON bodies read and parsed here (no body-parser), and query parameters read
 * the way CouchDB reads them (CouchDB API: "Request Format and Responses" — JSON bodies; booleans are
 * `true`/`false`; keys such as `startkey` or `doc_ids` are JSON-encoded in the query string).
 */
import type { Context } from 'koa';
import { decodeUtf8, illFormedStringPath, jsonDepthProblem } from '../../shared/json-limits.js';
import { CouchError, badRequest } from './couch-errors.js';

export const DEFAULT_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * Reads the request body as JSON: `undefined` when there is none, 415 for another media type, 413 over the
 * limit, 400 when it does not parse.
 */
export async function readJsonBody(ctx: Context, limit: number): Promise<unknown> {
  const declared = ctx.request.length;
  const chunked = ctx.get('transfer-encoding') !== '';
  if (!chunked && (declared === undefined || declared === 0)) return undefined;
  const type = ctx.get('content-type');
  if (type && !ctx.is('application/json', '+json')) {
    throw new CouchError(415, 'bad_content_type', 'Content-Type must be application/json');
  }
  if (declared !== undefined && declared > limit) throw tooLarge(limit);
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
  // The rules every body keeps (shared/json-limits.ts), each a whole-request 400 before any document is looked at:
  // a too-deep batch would otherwise overflow the stack while its refusal is recorded, and the phone retry it forever.
  const decoded = decodeUtf8(Buffer.concat(chunks));
  if (!decoded.ok) throw badRequest('invalid UTF-8 JSON');
  const text = decoded.text;
  if (text.trim() === '') return undefined;
  const deep = jsonDepthProblem(text);
  if (deep) throw badRequest(deep);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw badRequest('invalid UTF-8 JSON');
  }
  const at = illFormedStringPath(value);
  if (at) throw badRequest(`a string at ${at.join('.') || 'the top'} holds a lone surrogate (not well-formed Unicode)`);
  return value;
}

function tooLarge(limit: number) {
  return new CouchError(413, 'too_large', `the request body is larger than ${limit} bytes`);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Request options read from the query string and, where CouchDB allows it (`POST /_all_docs`, `POST
 * /_changes`, `POST /_bulk_get`), from the JSON body; the body wins.
 */
export class Params {
  constructor(
    private readonly query: Record<string, string | string[] | undefined>,
    private readonly body: Record<string, unknown> = {},
  ) {}

  static of(ctx: Context, body?: Record<string, unknown>): Params {
    return new Params(ctx.query as Record<string, string | string[] | undefined>, body);
  }

  has(name: string): boolean {
    return Object.hasOwn(this.body, name) || this.raw(name) !== undefined;
  }

  /** A plain string parameter (`since`, `feed`, `style`, `filter`, `rev`). */
  string(name: string): string | undefined {
    if (Object.hasOwn(this.body, name)) {
      const v = this.body[name];
      if (typeof v === 'string' || typeof v === 'number') return String(v);
      throw badRequest(`${name} must be a string`);
    }
    return this.raw(name);
  }

  bool(name: string, fallback = false): boolean {
    if (Object.hasOwn(this.body, name)) {
      const v = this.body[name];
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      throw badRequest(`${name} must be true or false`);
    }
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if (raw === 'true' || raw === '') return true;
    if (raw === 'false') return false;
    throw badRequest(`Invalid boolean parameter: ${name}`);
  }

  /** A non-negative integer; `undefined` when absent. */
  int(name: string): number | undefined {
    const v = Object.hasOwn(this.body, name) ? this.body[name] : this.raw(name);
    if (v === undefined) return undefined;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 0) throw badRequest(`Invalid value for ${name}: must be a non-negative integer`);
    return n;
  }

  /** A JSON-valued parameter: parsed from the query string, taken as it is from the body. */
  json(name: string): unknown {
    if (Object.hasOwn(this.body, name)) return this.body[name];
    const raw = this.raw(name);
    if (raw === undefined) return undefined;
    const deep = jsonDepthProblem(raw);
    if (deep) throw badRequest(`Invalid JSON in parameter ${name}: ${deep.replace('the body', 'it')}`);
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw badRequest(`Invalid JSON in parameter ${name}`);
    }
  }

  private raw(name: string): string | undefined {
    const v = this.query[name];
    return Array.isArray(v) ? v[0] : v;
  }
}

/** Parses a sequence from the query: numeric ones (PouchDB's) as numbers, CouchDB's opaque strings as they are. */
export function parseSeq(value: string): string | number {
  if (/^\d+$/.test(value)) return Number(value);
  if (value.startsWith('[') || value.startsWith('"')) {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (typeof parsed === 'string' || typeof parsed === 'number') return parsed;
    } catch {
      // Not JSON: an opaque sequence string.
    }
  }
  return value;
}
