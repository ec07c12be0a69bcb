/**
 * Real media files built in the test, byte by byte: a playable MP3 (MPEG-1 Layer III frames of digital silence,
 * optionally behind an ID3v2.4 tag), a playable M4A (ISO base media file: ftyp, moov with one AAC sound track,
 * mdat), the same container with a video track, an HTML page, and a PNG.
 */

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16 = (n: number) => [(n >>> 8) & 255, n & 255];

/** One MPEG-1 Layer III frame: 128 kbit/s, 44.1 kHz, joint stereo, no CRC: 417 bytes, side info and data zero. */
export function mp3Frame(): number[] {
  const frame = new Array<number>(417).fill(0);
  frame.splice(0, 4, 0xff, 0xfb, 0x90, 0x64);
  return frame;
}

/** An ID3v2.4 tag with one TIT2 (title) frame; sizes are syncsafe integers. */
export function id3Tag(title: string): number[] {
  const text = [0x03, ...new TextEncoder().encode(title)];
  const syncsafe = (n: number) => [(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f];
  const frame = [...ascii('TIT2'), ...syncsafe(text.length), 0, 0, ...text];
  return [...ascii('ID3'), 4, 0, 0, ...syncsafe(frame.length), ...frame];
}

/** An MP3 of `frames` frames (26 ms each), with an ID3 tag unless `tag` is false. */
export function tinyMp3({ frames = 40, tag = true }: { frames?: number; tag?: boolean } = {}): Uint8Array {
  const bytes = tag ? id3Tag('Round one recap') : [];
  for (let i = 0; i < frames; i++) bytes.push(...mp3Frame());
  return new Uint8Array(bytes);
}

const box = (type: string, ...content: number[][]) => {
  const body = content.flat();
  return [...u32(8 + body.length), ...ascii(type), ...body];
};
const fullBox = (type: string, version: number, flags: number, ...content: number[][]) => box(type, [version, ...u32(flags).slice(1)], ...content);
const matrix = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].flatMap(u32);

/** A track: tkhd, and mdia with mdhd, hdlr of `handler`, and a sample table of `samples` samples of `sampleSize`. */
function trak(id: number, handler: 'soun' | 'vide', samples: number, sampleSize: number, dataOffset: number): number[] {
  const timescale = 44100;
  const tkhd = fullBox('tkhd', 0, 3, u32(0), u32(0), u32(id), u32(0), u32(samples * 1024), u32(0), u32(0), u16(0), u16(0), u16(handler === 'soun' ? 0x0100 : 0), u16(0), matrix, u32(handler === 'vide' ? 320 << 16 : 0), u32(handler === 'vide' ? 240 << 16 : 0));
  const mdhd = fullBox('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(samples * 1024), u16(0x55c4), u16(0));
  const hdlr = fullBox('hdlr', 0, 0, u32(0), ascii(handler), u32(0), u32(0), u32(0), [...ascii(handler === 'soun' ? 'SoundHandler' : 'VideoHandler'), 0]);
  // An AAC-LC sample entry with its elementary stream descriptor (ISO/IEC 14496-1 §7.2.6.5): 2 channels, 44.1 kHz.
  const esds = fullBox('esds', 0, 0, [0x03, 25, ...u16(1), 0, 0x04, 17, 0x40, 0x15, 0, 0, 0, ...u32(128000), ...u32(128000), 0x05, 2, 0x12, 0x10, 0x06, 1, 0x02]);
  const entry = handler === 'soun'
    ? box('mp4a', [0, 0, 0, 0, 0, 0], u16(1), u32(0), u32(0), u16(2), u16(16), u16(0), u16(0), u32(timescale << 16), esds)
    : box('avc1', [0, 0, 0, 0, 0, 0], u16(1), new Array<number>(16).fill(0), u16(320), u16(240), u32(0x480000), u32(0x480000), u32(0), u16(1), new Array<number>(32).fill(0), u16(0x18), u16(0xffff));
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), entry),
    fullBox('stts', 0, 0, u32(1), u32(samples), u32(1024)),
    fullBox('stsc', 0, 0, u32(1), u32(1), u32(samples), u32(1)),
    fullBox('stsz', 0, 0, u32(sampleSize), u32(samples)),
    fullBox('stco', 0, 0, u32(1), u32(dataOffset)),
  );
  const media = handler === 'soun' ? fullBox('smhd', 0, 0, u32(0)) : fullBox('vmhd', 0, 1, u16(0), u16(0), u16(0), u16(0));
  const minf = box('minf', media, box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))), stbl);
  return box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
}

/**
 * An M4A: ftyp (M4A ), then moov before or after mdat (`moovLast`, as encoders that do not "fast start" write it),
 * with one AAC sound track, and a video track too when `video` (an MP4 film, not audio).
 */
export function tinyM4a({ moovLast = false, video = false, brand = 'M4A ' }: { moovLast?: boolean; video?: boolean; brand?: string } = {}): Uint8Array {
  const samples = 20;
  const sampleSize = 6;
  // Each AAC-LC sample: a raw data block of silence (a single channel pair element, all zero) padded to size.
  const mdat = box('mdat', new Array<number>(samples * sampleSize).fill(0).map((_, i) => (i % sampleSize === 0 ? 0x21 : 0)));
  const ftyp = box('ftyp', ascii(brand), u32(0), ascii(brand), ascii('isom'), ascii('mp42'));
  const build = (dataOffset: number) => {
    const mvhd = fullBox('mvhd', 0, 0, u32(0), u32(0), u32(44100), u32(samples * 1024), u32(0x10000), u16(0x100), new Array<number>(10).fill(0), matrix, new Array<number>(24).fill(0), u32(video ? 3 : 2));
    return box('moov', mvhd, trak(1, 'soun', samples, sampleSize, dataOffset), ...(video ? [trak(2, 'vide', 1, 8, dataOffset)] : []));
  };
  const moovLength = build(0).length;
  const dataOffset = ftyp.length + (moovLast ? 0 : moovLength) + 8;
  const moov = build(dataOffset);
  return new Uint8Array(moovLast ? [...ftyp, ...mdat, ...moov] : [...ftyp, ...moov, ...mdat]);
}

/** An HTML page of exactly `size` bytes (at least a few hundred), UTF-8 with some non-ASCII text. */
export function htmlPage(size = 2048, title = 'Trip recap — día 1'): Uint8Array {
  const start = new TextEncoder().encode(`<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>`);
  const end = new TextEncoder().encode('</p></body></html>\n');
  if (size < start.length + end.length) throw new Error(`an HTML page needs at least ${start.length + end.length} bytes`);
  const bytes = new Uint8Array(size);
  bytes.set(start);
  const filler = new TextEncoder().encode('Birdie on 7, eagle on 12. ');
  for (let at = start.length; at < size - end.length; at++) bytes[at] = filler[(at - start.length) % filler.length]!;
  bytes.set(end, size - end.length);
  return bytes;
}

/** A 1×1 PNG (signature, IHDR, IDAT, IEND), CRCs included. */
export function tinyPng(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: number[]) => (bytes.reduce((c, b) => crcTable[(c ^ b) & 0xff]! ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;
  const chunk = (type: string, data: number[]) => [...u32(data.length), ...ascii(type), ...data, ...u32(crc([...ascii(type), ...data]))];
  // IDAT: a zlib stream (stored block) of one scanline: filter 0, one grey byte.
  const idat = [0x78, 0x01, 0x01, 0x02, 0x00, 0xfd, 0xff, 0x00, 0x80, 0x00, 0x82, 0x00, 0x81];
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', [...u32(1), ...u32(1), 8, 0, 0, 0, 0]), ...chunk('IDAT', idat), ...chunk('IEND', [])]);
}
