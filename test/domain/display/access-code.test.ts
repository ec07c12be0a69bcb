import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AccessCode } from '../../../shared/schemas/display.js';
import { ACCESS_CODE_BYTES, accessCodeFrom, base32, normalizeAccessCode } from '../../../shared/domain/display/index.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('base32 (RFC 4648 §10 test vectors, without padding)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %j as %s', (input, expected) => {
    expect(base32(bytes(input))).toBe(expected);
  });
});

describe('accessCodeFrom', () => {
  it('makes 16 characters from 10 bytes, every one accepted by the route schema', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: ACCESS_CODE_BYTES, maxLength: ACCESS_CODE_BYTES }), (random) => {
        const code = accessCodeFrom(random);
        expect(code).toHaveLength(16);
        expect(AccessCode.safeParse(code).success).toBe(true);
      }),
    );
  });

  it('gives different bytes different codes', () => {
    const a = accessCodeFrom(new Uint8Array(10));
    const b = accessCodeFrom(new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]));
    expect(a).toBe('AAAAAAAAAAAAAAAA');
    expect(b).not.toBe(a);
  });

  it('refuses too few random bytes', () => {
    expect(() => accessCodeFrom(new Uint8Array(4))).toThrow();
  });
});

describe('normalizeAccessCode', () => {
  it('reads a code typed in lower case as the same code', () => {
    expect(normalizeAccessCode(' mzxw6ytboi234567 ')).toBe('MZXW6YTBOI234567');
  });
});
