import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readRuntimeConfig } from './runtime-config';
import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig, renderConfigScript } from './runtime-config-schema';

/**
 * The browser checks window.__PORTAL_CONFIG__ without zod (docs/decisions/0220); these are the rules the zod
 * schema had, and the URL rule is compared with zod's own on the same values.
 */
describe('the run-time configuration check', () => {
  it('takes every setting given, trimmed and without trailing slashes', () => {
    expect(
      readRuntimeConfig({
        identityBaseUrl: ' https://id.example.org/ ',
        candidateBaseUrl: 'HTTPS://api.example.org//',
        blobBaseUrl: 'http://cdn.example.org/logos/',
        environment: '  Staging ',
        unknown: 'ignored',
      }),
    ).toEqual({
      identityBaseUrl: 'https://id.example.org',
      candidateBaseUrl: 'HTTPS://api.example.org',
      blobBaseUrl: 'http://cdn.example.org/logos',
      environment: 'Staging',
    });
  });

  it('gives an absent setting its default, and no configuration at all the defaults', () => {
    expect(readRuntimeConfig({ environment: 'Development' })).toEqual({
      ...DEFAULT_RUNTIME_CONFIG,
      environment: 'Development',
    });
    expect(readRuntimeConfig(undefined)).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(readRuntimeConfig(null)).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('falls back to every default when one setting is wrong, and says which', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readRuntimeConfig({ identityBaseUrl: 'https://id.example.org', environment: '  ' })).toEqual(
      DEFAULT_RUNTIME_CONFIG,
    );
    expect(error).toHaveBeenCalledWith('Invalid window.__PORTAL_CONFIG__, using defaults', [
      'environment: must not be blank',
    ]);
    for (const source of ['https://id.example.org', 42, [], { candidateBaseUrl: null }, { environment: 7 }]) {
      expect(readRuntimeConfig(source), JSON.stringify(source)).toEqual(DEFAULT_RUNTIME_CONFIG);
    }
  });

  it('accepts exactly the base URLs that z.url({ protocol: /^https?$/ }) accepts, with the same value', () => {
    const zodRule = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));
    const values = [
      'http://localhost:3001',
      'https://api.example.org/v1/',
      '  https://x.example/ ',
      'HTTP://EXAMPLE.ORG',
      'https://exa\nmple.com/',
      'https://a.b/c?d=1#e',
      'http://[::1]:3000',
      'https:/missing-slash',
      'http:example.org',
      'ftp://files.example.org',
      'javascript:alert(1)',
      'http://',
      'http://a b',
      'https://',
      '',
      'localhost:3001',
    ];
    for (const value of values) {
      const expected = zodRule.safeParse(value);
      const actual = parseRuntimeConfig({ identityBaseUrl: value });
      expect(actual.ok, JSON.stringify(value)).toBe(expected.success);
      if (actual.ok && expected.success) expect(actual.config.identityBaseUrl).toBe(expected.data);
    }
  });

  it('writes /config.js with every setting, "<" escaped', () => {
    expect(renderConfigScript({ ...DEFAULT_RUNTIME_CONFIG, environment: '</script>' })).toBe(
      'window.__PORTAL_CONFIG__ = {"identityBaseUrl": "http://localhost:3001", "candidateBaseUrl": "http://localhost:3002", "blobBaseUrl": "http://localhost:3002/blobs", "environment": "\\u003c/script>"};\n',
    );
  });
});
