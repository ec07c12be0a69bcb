/**
 * What a report file is, read from its bytes: an HTML page, MP3 audio or M4A audio. Its name and declared type are
 * never trusted. The file sits on disk (an upload spooled to a temporary file), so the checks read only the bytes
 * they need through a {@link ByteSource}: the first few kilobytes, the box headers of an MP4 file, and (for HTML
 * no larger than the limit) the text to check it is text.
 */

/** Random access to a file's bytes. `read` answers fewer bytes than asked only at the end of the file. */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export type ReportContentType = 'text/html' | 'audio/mpeg' | 'audio/mp4';

/** How many bytes after an ID3 tag the first MPEG frame is looked for (encoders pad tags; 64 KiB covers it). */
const FRAME_SEARCH_BYTES = 64 * 1024;
/** The largest `moov` box read to find the tracks' handler types (a 50 MB audio file's is a few hundred KB). */
const MOOV_MAX_BYTES = 8 * 1024 * 1024;
/** How much of an HTML page is read to recognise it (the WHATWG sniffing window is 1445 bytes). */
const HTML_HEAD_BYTES = 4096;

/**
 * The type of a report file, or undefined when it is neither HTML, MP3 nor M4A. HTML is recognised by its start
 * (after a byte-order mark and white space) as the WHATWG MIME Sniffing standard does, and must be UTF-8 text
 * throughout when it is at most `htmlMaxBytes` (a larger one is HTML too, refused for its size by the caller).
 */
export async function sniffReportType(src: ByteSource, htmlMaxBytes: number): Promise<ReportContentType | undefined> {
  const head = await src.read(0, Math.min(src.size, HTML_HEAD_BYTES));
  if (await isMp3(src, head)) return 'audio/mpeg';
  if (await isM4a(src, head)) return 'audio/mp4';
  if (looksLikeHtml(head) && (src.size > htmlMaxBytes || isUtf8Text(await src.read(0, src.size)))) return 'text/html';
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// MP3: an ID3v2 tag followed by MPEG audio frames, or frames from the first byte.

const MP3_BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

interface FrameHeader {
  version: number;
  length: number;
}

/**
 * An MPEG audio Layer III frame header at `at` (ISO/IEC 11172-3 §2.4.2.3, with the MPEG-2 and 2.5 extensions):
 * eleven sync bits, a version other than the reserved one, layer III, a bitrate that is neither free nor the bad
 * index, and a sample rate that is not reserved. Answers the frame's length in bytes.
 */
export function mp3Frame(bytes: Uint8Array, at: number): FrameHeader | undefined {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return undefined;
  const version = (bytes[at + 1]! >> 3) & 3;
  const layer = (bytes[at + 1]! >> 1) & 3;
  const bitrateIndex = bytes[at + 2]! >> 4;
  const rateIndex = (bytes[at + 2]! >> 2) & 3;
  const padding = (bytes[at + 2]! >> 1) & 1;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const kbps = (version === 3 ? MP3_BITRATES_V1 : MP3_BITRATES_V2)[bitrateIndex]!;
  const rate = SAMPLE_RATES[version]![rateIndex]!;
  const length = Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / rate) + padding;
  return { version, length };
}

/** The length of an ID3v2 tag at the start (header, body and footer), or undefined when there is none. */
export function id3Length(bytes: Uint8Array): number | undefined {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return undefined;
  const [major, revision, flags] = [bytes[3]!, bytes[4]!, bytes[5]!];
  if (major < 2 || major > 4 || revision === 0xff) return undefined;
  const size = bytes.subarray(6, 10);
  if (size.some((b) => b >= 0x80)) return undefined;
  const body = (size[0]! << 21) | (size[1]! << 14) | (size[2]! << 7) | size[3]!;
  return 10 + body + (flags & 0x10 ? 10 : 0);
}

/**
 * MP3 when a frame is found where audio starts (at 0, or within {@link FRAME_SEARCH_BYTES} after an ID3 tag) and
 * the next frame, where its length says, is a frame of the same version too (or the file ends there). Two frames
 * in a row is what tells audio from bytes that happen to start with 0xFF.
 */
async function isMp3(src: ByteSource, head: Uint8Array): Promise<boolean> {
  const tag = id3Length(head);
  const from = tag ?? 0;
  if (from >= src.size) return false;
  const window = await src.read(from, tag === undefined ? Math.min(src.size, HTML_HEAD_BYTES) : FRAME_SEARCH_BYTES + 4);
  const last = tag === undefined ? 0 : window.length - 4;
  for (let at = 0; at <= last; at++) {
    const frame = mp3Frame(window, at);
    if (!frame) continue;
    const next = from + at + frame.length;
    if (next === src.size) return true;
    if (next < src.size) {
      const following = mp3Frame(await src.read(next, 4), 0);
      if (following && following.version === frame.version) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// M4A: an ISO base media file (ISO/IEC 14496-12) whose tracks are sound only.

/** Brands an MPEG-4 audio file is written with: the iTunes audio brands and the generic ISO/MP4 ones. */
const MP4_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'dash']);

interface Box {
  type: string;
  /** Where the box starts and where its content starts, and its end. */
  start: number;
  content: number;
  end: number;
}

/** The box header at `at` of a file (or a buffer) of `size` bytes, given its first 16 bytes. */
function boxAt(header: Uint8Array, at: number, size: number): Box | undefined {
  if (header.length < 8) return undefined;
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const declared = view.getUint32(0);
  const type = ascii(header, 4, 8);
  let end: number;
  let content = at + 8;
  if (declared === 1) {
    if (header.length < 16) return undefined;
    end = at + Number(view.getBigUint64(8));
    content = at + 16;
  } else if (declared === 0) {
    end = size;
  } else {
    end = at + declared;
  }
  if (end < content || end > size) return undefined;
  return { type, start: at, content, end };
}

/**
 * M4A when the first box is `ftyp` with an MPEG-4 brand, and the `moov` box (found by walking the top-level boxes,
 * wherever it is: before or after the media data) has at least one sound track (`hdlr` of type `soun`) and no video
 * track. A video MP4 or a HEIC photo (also `ftyp`) is refused.
 */
async function isM4a(src: ByteSource, head: Uint8Array): Promise<boolean> {
  const ftyp = boxAt(head.subarray(0, 16), 0, src.size);
  if (!ftyp || ftyp.type !== 'ftyp' || ftyp.end > head.length || ftyp.end - ftyp.content < 8) return false;
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= ftyp.end; at += 4) brands.push(ascii(head, at, at + 4));
  if (!brands.some((b) => MP4_BRANDS.has(b))) return false;
  for (let at = ftyp.end; at < src.size; ) {
    const box = boxAt(await src.read(at, 16), at, src.size);
    if (!box) return false;
    if (box.type === 'moov') {
      if (box.end - box.start > MOOV_MAX_BYTES) return false;
      const handlers = trackHandlers(await src.read(box.content, box.end - box.content));
      return handlers.includes('soun') && !handlers.includes('vide');
    }
    at = box.end;
  }
  return false;
}

/** The handler type of every `trak` in a `moov` box's content (`trak` → `mdia` → `hdlr`, a full box). */
function trackHandlers(moov: Uint8Array): string[] {
  const handlers: string[] = [];
  for (const trak of children(moov).filter((b) => b.type === 'trak')) {
    for (const mdia of children(moov.subarray(trak.content, trak.end)).filter((b) => b.type === 'mdia')) {
      const inner = moov.subarray(trak.content + mdia.content, trak.content + mdia.end);
      const hdlr = children(inner).find((b) => b.type === 'hdlr');
      // version and flags (4), pre_defined (4), then handler_type.
      if (hdlr && hdlr.content + 12 <= hdlr.end) handlers.push(ascii(inner, hdlr.content + 8, hdlr.content + 12));
    }
  }
  return handlers;
}

/** The boxes directly inside a buffer of box content, positioned within it; stops at the first malformed one. */
function children(bytes: Uint8Array): Box[] {
  const boxes: Box[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    const box = boxAt(bytes.subarray(at, at + 16), at, bytes.length);
    if (!box) break;
    boxes.push(box);
    at = box.end;
  }
  return boxes;
}

// ---------------------------------------------------------------------------------------------------------------
// HTML

/** Tags the WHATWG MIME Sniffing standard (§7.1, "identifying a resource with an unknown MIME type") treats as HTML. */
const HTML_STARTS = ['<!DOCTYPE HTML', '<HTML', '<HEAD', '<SCRIPT', '<IFRAME', '<H1', '<DIV', '<FONT', '<TABLE', '<A', '<STYLE', '<TITLE', '<B', '<BODY', '<BR', '<P', '<!--'];

/** Whether the bytes start, after a UTF-8 byte-order mark and white space, with an HTML tag followed by a space or `>`. */
export function looksLikeHtml(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(bytes[at]!)) at++;
  return HTML_STARTS.some((start) => {
    if (at + start.length >= bytes.length) return false;
    for (let i = 0; i < start.length; i++) {
      const b = bytes[at + i]!;
      const upper = b >= 0x61 && b <= 0x7a ? b - 0x20 : b;
      if (upper !== start.charCodeAt(i)) return false;
    }
    const after = bytes[at + start.length];
    return after === 0x20 || after === 0x3e;
  });
}

/** Valid UTF-8 with no control characters other than tab, line feed, form feed and carriage return. */
export function isUtf8Text(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}
