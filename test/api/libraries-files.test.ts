import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange } from '../../server/http/files.js';

describe('parseRange (RFC 9110 §14, through range-parser)', () => {
  it.each([
    ['bytes=0-9', { kind: 'partial', start: 0, end: 9 }],
    ['bytes=5-', { kind: 'partial', start: 5, end: 99 }],
    ['bytes=-3', { kind: 'partial', start: 97, end: 99 }],
    ['bytes=-500', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=90-500', { kind: 'partial', start: 90, end: 99 }],
    ['Bytes = 1-2', { kind: 'partial', start: 1, end: 2 }],
    // Overlapping or adjacent ranges are one range.
    ['bytes=0-5,3-8', { kind: 'partial', start: 0, end: 8 }],
    ['bytes=0-4,5-9', { kind: 'partial', start: 0, end: 9 }],
    // An unsatisfiable range among satisfiable ones is dropped.
    ['bytes=10-19,500-', { kind: 'partial', start: 10, end: 19 }],
    ['bytes=-500,0-0', { kind: 'partial', start: 0, end: 99 }],
  ] as const)('%s of 100 bytes is %j', (header, answer) => {
    expect(parseRange(header, 100)).toEqual(answer);
  });

  it.each([
    [undefined, 'no header'],
    ['bytes=0-1,5-6', 'several separate ranges'],
    ['pages=1-2', 'another unit'],
    ['bytes=x-', 'a malformed range'],
    ['garbage', 'no unit'],
    ['bytes=5-2', 'last before first (an invalid range-spec)'],
    ['bytes=500-,5-2', 'an invalid spec next to an unsatisfiable one'],
  ])('%s (%s) is the whole file', (header, _what) => {
    expect(parseRange(header, 100)).toEqual({ kind: 'whole' });
  });

  it.each([
    ['bytes=100-', 100],
    ['bytes=100-200,300-', 100],
    ['bytes=-0', 100],
    ['bytes=0-', 0],
    ['bytes=-5', 0],
  ])('%s of %i bytes is unsatisfiable (416)', (header, size) => {
    expect(parseRange(header, size)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('contentDisposition', () => {
  it('gives a plain ASCII name once', () => {
    expect(contentDisposition('receipt.jpg')).toBe('inline; filename=receipt.jpg');
    expect(contentDisposition('round 2 (final).m4a')).toBe('inline; filename="round 2 (final).m4a"');
  });

  it('adds the exact name as filename* when the ASCII fallback had to change it', () => {
    expect(contentDisposition('Reçu "Clubhouse" 19º %.png')).toBe(`inline; filename="Re_u _Clubhouse_ 19_ _.png"; filename*=UTF-8''Re%C3%A7u%20%22Clubhouse%22%2019%C2%BA%20%25.png`);
    expect(contentDisposition('收据.jpg', 'attachment')).toBe(`attachment; filename=__.jpg; filename*=UTF-8''%E6%94%B6%E6%8D%AE.jpg`);
    expect(contentDisposition('a\\b.pdf')).toBe(`inline; filename=a_b.pdf; filename*=UTF-8''a%5Cb.pdf`);
  });
});
