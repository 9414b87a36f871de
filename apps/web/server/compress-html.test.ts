import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './compress-html';

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['br; q=0.0, gzip; q=0', null],
    ['br;q=0.5', 'br'],
    ['identity', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
