import { describe, expect, it } from 'vitest';
import { ifNoneMatch, strongEtag } from '../../../shared/domain/display/index.js';

describe('ifNoneMatch (RFC 9110 §13.1.2, weak comparison)', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x",W/"abc" ', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
    ['"x,abc"', false],
    ['', false],
  ])('If-None-Match %j matches "abc": %s', (header, expected) => {
    expect(ifNoneMatch(header, etag)).toBe(expected);
  });

  it('never matches without the header', () => {
    expect(ifNoneMatch(undefined, etag)).toBe(false);
  });

  it('reads a tag that contains a comma as one tag', () => {
    expect(ifNoneMatch('"a,b"', '"a,b"')).toBe(true);
    expect(ifNoneMatch('"a,b"', '"b"')).toBe(false);
  });
});

describe('strongEtag', () => {
  it('quotes a digest, without the weak prefix', () => {
    expect(strongEtag('q1w2-e3_r4')).toBe('"q1w2-e3_r4"');
  });

  it('refuses a digest that would break the header', () => {
    expect(() => strongEtag('a"b')).toThrow();
    expect(() => strongEtag('a b')).toThrow();
  });
});
