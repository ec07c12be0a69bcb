/**
 * The app icons, drawn at build time (no image files in the repository): a flag on a green, the pin of a golf
 * course. PNG at the sizes installability asks for (192 and 512 px), plus a maskable one whose drawing keeps to the
 * safe zone (the inner 80 %), so launchers may crop it to any shape.
 */
import { deflateSync } from 'node:zlib';

export interface Icon {
  file: string;
  size: number;
  purpose: 'any' | 'maskable';
  png: Uint8Array;
}

type Rgb = [number, number, number];
const GREEN: Rgb = [0x0f, 0x3d, 0x2e];
const LIGHT: Rgb = [0x2e, 0x8b, 0x57];
const WHITE: Rgb = [0xf7, 0xf7, 0xf2];
const RED: Rgb = [0xe0, 0x3c, 0x31];

/** The colour at (x, y) in a unit square, `pad` being the part of each side left plain (maskable safe zone). */
function paint(x: number, y: number, pad: number): Rgb {
  const u = (x - pad) / (1 - 2 * pad);
  const v = (y - pad) / (1 - 2 * pad);
  // The green: an ellipse at the bottom.
  if (((u - 0.5) / 0.42) ** 2 + ((v - 0.8) / 0.12) ** 2 <= 1) {
    // The hole, a dark ellipse at the foot of the pin.
    if (((u - 0.52) / 0.07) ** 2 + ((v - 0.8) / 0.025) ** 2 <= 1) return GREEN;
    return LIGHT;
  }
  // The pin.
  if (u >= 0.49 && u <= 0.55 && v >= 0.14 && v <= 0.8) return WHITE;
  // The flag: a triangle off the top of the pin.
  if (u > 0.55 && v >= 0.14 && v <= 0.42) {
    const half = 0.14 * (1 - (u - 0.55) / 0.3);
    if (Math.abs(v - 0.28) <= half) return RED;
  }
  return GREEN;
}

/** A square RGB PNG, each pixel the average of 4×4 samples (smooth edges). */
function drawPng(size: number, pad: number): Uint8Array {
  const raw = new Uint8Array((size * 3 + 1) * size);
  const n = 4;
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const [cr, cg, cb] = paint((x + (sx + 0.5) / n) / size, (y + (sy + 0.5) / n) / size, pad);
          r += cr;
          g += cg;
          b += cb;
        }
      }
      const o = row + 1 + x * 3;
      raw[o] = Math.round(r / (n * n));
      raw[o + 1] = Math.round(g / (n * n));
      raw[o + 2] = Math.round(b / (n * n));
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  return concat([signature, chunk('IHDR', header), chunk('IDAT', new Uint8Array(deflateSync(raw, { level: 9 }))), chunk('IEND', new Uint8Array(0))]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A PNG chunk: length, type, data, CRC of type and data (PNG specification §5.3). */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const body = concat([new TextEncoder().encode(type), data]);
  const frame = new Uint8Array(4 + body.length + 4);
  const view = new DataView(frame.buffer);
  view.setUint32(0, data.length);
  frame.set(body, 4);
  view.setUint32(4 + body.length, crc32(body));
  return frame;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of PNG chunks (ISO 3309, as the PNG specification §5.5 asks). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function appIcons(): Icon[] {
  return [
    { file: 'icon-192.png', size: 192, purpose: 'any', png: drawPng(192, 0.04) },
    { file: 'icon-512.png', size: 512, purpose: 'any', png: drawPng(512, 0.04) },
    { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable', png: drawPng(512, 0.14) },
    { file: 'apple-touch-icon.png', size: 180, purpose: 'any', png: drawPng(180, 0.1) },
  ];
}
