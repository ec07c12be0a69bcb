import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { id3Length, isUtf8Text, looksLikeHtml, mp3Frame, sniffReportType, type ByteSource } from '../../server/reports/media.js';
import { htmlPage, id3Tag, mp3Frame as frameBytes, tinyM4a, tinyMp3, tinyPng } from '../support/media.js';

const HTML_MAX = 2 * 1024 * 1024;
/** A ByteSource over bytes in memory that counts what is read, as the server's reads a file on disk. */
function source(bytes: Uint8Array) {
  const reads: number[] = [];
  const src: ByteSource & { reads: number[] } = {
    size: bytes.byteLength,
    reads,
    async read(offset, length) {
      reads.push(length);
      return bytes.subarray(offset, offset + length);
    },
  };
  return src;
}
const sniff = (bytes: Uint8Array) => sniffReportType(source(bytes), HTML_MAX);
const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: (Uint8Array | number[])[]) => new Uint8Array(parts.flatMap((p) => [...p]));

describe('report file types, read from the bytes', () => {
  it.each([
    ['an MP3 with an ID3 tag', tinyMp3(), 'audio/mpeg'],
    ['an MP3 without a tag', tinyMp3({ tag: false }), 'audio/mpeg'],
    ['an MP3 of a single frame', tinyMp3({ frames: 1, tag: false }), 'audio/mpeg'],
    ['an M4A with moov first', tinyM4a(), 'audio/mp4'],
    ['an M4A with moov after the media data', tinyM4a({ moovLast: true }), 'audio/mp4'],
    ['an M4A written with the generic mp42 brand', tinyM4a({ brand: 'mp42' }), 'audio/mp4'],
    ['an HTML page', htmlPage(), 'text/html'],
    ['HTML after a byte-order mark and blank lines', concat([0xef, 0xbb, 0xbf], text('\n\n  <html><body>hi</body></html>')), 'text/html'],
    ['an HTML fragment starting with a paragraph', text('<p>Day one: 36 holes.</p>'), 'text/html'],
    ['HTML starting with a comment', text('<!-- generated --> <div>x</div>'), 'text/html'],
  ])('recognises %s', async (_label, bytes, type) => {
    expect(await sniff(bytes)).toBe(type);
  });

  it.each([
    ['a PNG (whatever its name says)', tinyPng()],
    ['an MP4 film (a video track beside the sound)', tinyM4a({ video: true })],
    ['a HEIC photo (an ftyp box with an image brand)', concat([0, 0, 0, 24], text('ftypheic'), [0, 0, 0, 0], text('mif1heic'))],
    ['an ftyp box with no moov', concat([0, 0, 0, 20], text('ftypM4A '), [0, 0, 0, 0], text('isom'), [0, 0, 0, 16], text('mdat'), new Uint8Array(8))],
    ['an ID3 tag with no audio after it', concat(id3Tag('empty'), new Uint8Array(500))],
    ['a lone 0xFF 0xFB followed by noise', concat([0xff, 0xfb, 0x90, 0x64], new Uint8Array(413).fill(7), [1, 2, 3, 4, 5])],
    ['a Layer II frame header', concat([0xff, 0xfd, 0x90, 0x64], new Uint8Array(600))],
    ['plain text', text('Round one: Pete 78, Sam 81.')],
    ['a tag-like start not followed by space or >', text('<pineapple>')],
    ['HTML with a NUL byte inside', concat(text('<html><body>'), [0], text('</body></html>'))],
    ['HTML that is not UTF-8', concat(text('<html><body>'), [0xc3, 0x28], text('</body></html>'))],
    ['a PDF', text('%PDF-1.7\n')],
    ['an empty file', new Uint8Array(0)],
  ])('refuses %s', async (_label, bytes) => {
    expect(await sniff(bytes)).toBeUndefined();
  });

  it('calls a large HTML page HTML without reading it all (the caller refuses it for its size)', async () => {
    const bytes = htmlPage(HTML_MAX + 1);
    const src = source(bytes);
    expect(await sniffReportType(src, HTML_MAX)).toBe('text/html');
    expect(Math.max(...src.reads)).toBeLessThanOrEqual(64 * 1024 + 4);
  });

  it('reads box headers, not media data, to find the moov of a large M4A', async () => {
    const small = tinyM4a({ moovLast: true });
    // Grow the mdat (the second box) to 20 MB of zeros without touching the rest.
    const mdatAt = ((small[0]! << 24) | (small[1]! << 16) | (small[2]! << 8) | small[3]!) >>> 0;
    const mdatSize = new DataView(small.buffer).getUint32(mdatAt);
    const grow = 20 * 1024 * 1024;
    const big = new Uint8Array(small.length + grow);
    big.set(small.subarray(0, mdatAt + mdatSize));
    big.set(small.subarray(mdatAt + mdatSize), mdatAt + mdatSize + grow);
    new DataView(big.buffer).setUint32(mdatAt, mdatSize + grow);
    const src = source(big);
    expect(await sniffReportType(src, HTML_MAX)).toBe('audio/mp4');
    expect(src.reads.reduce((a, b) => a + b, 0)).toBeLessThan(100 * 1024);
  });

  it('reads MPEG frame headers: version, layer, bitrate and sample rate give the frame length', () => {
    expect(mp3Frame(new Uint8Array(frameBytes()), 0)).toEqual({ version: 3, length: 417 });
    // 128 kbit/s at 44.1 kHz with the padding bit: one byte longer.
    expect(mp3Frame(new Uint8Array([0xff, 0xfb, 0x92, 0x64]), 0)).toEqual({ version: 3, length: 418 });
    // MPEG-2 Layer III, 64 kbit/s at 22.05 kHz: 72 × 64000 / 22050 = 208.
    expect(mp3Frame(new Uint8Array([0xff, 0xf3, 0x80, 0x64]), 0)).toEqual({ version: 2, length: 208 });
    expect(mp3Frame(new Uint8Array([0xff, 0xfb, 0xf0, 0x64]), 0)).toBeUndefined();
    expect(mp3Frame(new Uint8Array([0xff, 0xfb, 0x9c, 0x64]), 0)).toBeUndefined();
    expect(mp3Frame(new Uint8Array([0xff, 0xeb, 0x90, 0x64]), 0)).toBeUndefined();
  });

  it('reads ID3v2 tag sizes as syncsafe integers, with the footer when flagged', () => {
    expect(id3Length(new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 2, 1]))).toBe(10 + 257);
    expect(id3Length(new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0x10, 0, 0, 0, 5]))).toBe(25);
    expect(id3Length(new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0x80, 0]))).toBeUndefined();
    expect(id3Length(new Uint8Array([0x49, 0x44, 0x33, 5, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
  });

  it('never calls random bytes HTML unless they are text, and never throws on them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), async (bytes) => {
        const type = await sniff(bytes);
        if (type === 'text/html') expect(looksLikeHtml(bytes) && isUtf8Text(bytes)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
