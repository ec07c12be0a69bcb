/**
 * What a report file may be, said before it is sent: the server's own limits (`shared/schemas/report.ts`: HTML up to
 * 2 MB, MP3 or M4A audio up to 50 MB, counted as MiB as the server counts them). The browser can only guess the kind
 * from the file's name and type; the server reads the bytes and has the last word (its refusal is shown as it comes).
 */
import { REPORT_AUDIO_MAX_BYTES, REPORT_HTML_MAX_BYTES } from '../../../../shared/schemas/report.js';

const MB = 1024 * 1024;

export type FileKind = 'html' | 'audio';

export const LIMITS: Record<FileKind, { bytes: number; words: string; formats: string }> = {
  html: { bytes: REPORT_HTML_MAX_BYTES, words: `${REPORT_HTML_MAX_BYTES / MB} MB`, formats: 'an HTML page (.html)' },
  audio: { bytes: REPORT_AUDIO_MAX_BYTES, words: `${REPORT_AUDIO_MAX_BYTES / MB} MB`, formats: 'an MP3 or M4A recording' },
};

/** What the file picker offers. */
export const ACCEPT = '.html,.htm,.mp3,.m4a,text/html,audio/mpeg,audio/mp4,audio/x-m4a';

/** The kind a file claims by its name or type; undefined for anything else. */
export function kindOf(file: { name: string; type: string }): FileKind | undefined {
  const name = file.name.toLowerCase();
  if (/\.html?$/.test(name) || file.type === 'text/html') return 'html';
  if (/\.(mp3|m4a)$/.test(name) || ['audio/mpeg', 'audio/mp3', 'audio/mp4', 'audio/x-m4a', 'audio/m4a'].includes(file.type)) return 'audio';
  return undefined;
}

/** "812 KB", "2.4 MB": a file size as people read it. */
export function sizeInWords(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Why this file cannot be a report, in words, or null when it may be sent. */
export function fileProblem(file: { name: string; type: string; size: number }): string | null {
  const kind = kindOf(file);
  if (!kind) return `“${file.name}” is not a file a report can be: choose an HTML page (.html) or an MP3 or M4A recording.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  const limit = LIMITS[kind];
  if (file.size > limit.bytes) {
    // Just over the limit reads as the limit once rounded: then say the bytes.
    const size = sizeInWords(file.size) === limit.words ? `${file.size.toLocaleString('en')} bytes (at most ${limit.bytes.toLocaleString('en')})` : sizeInWords(file.size);
    return `“${file.name}” is ${size}; ${kind === 'html' ? 'an HTML page' : 'a recording'} can be at most ${limit.words}.${kind === 'audio' ? ' Export it at a lower bit rate (64–128 kbps is plenty for voice).' : ' Make the pictures smaller or link to them on the web instead of embedding them.'}`;
  }
  return null;
}

/** The server's refusal of an upload, in words for an organizer; undefined when it is not one of these. */
export function uploadRefusal(code: string, message: string): string | undefined {
  if (code === 'payload_too_large') return `The server refused the file as too large: ${message}.`;
  if (code === 'unsupported_media_type')
    return 'The server refused the file: its content is not an HTML page (UTF-8 text) nor MP3 or M4A audio, whatever its name says. Save or export it again in one of those formats.';
  return undefined;
}
