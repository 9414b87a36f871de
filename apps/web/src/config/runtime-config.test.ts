import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtime-config';
import { DEFAULT_RUNTIME_CONFIG, renderConfigScript, type RuntimeConfig } from './runtime-config-schema';

describe('the run-time configuration', () => {
  const written: RuntimeConfig = {
    identityBaseUrl: 'https://id.example.org',
    candidateBaseUrl: 'https://api.example.org',
    blobBaseUrl: 'https://cdn.example.org/logos',
    environment: 'Staging',
  };

  it('is read as the portal server wrote it (the server checked it when it started)', () => {
    expect(readRuntimeConfig(written)).toBe(written);
  });

  it('takes the defaults when no server wrote any', () => {
    expect(readRuntimeConfig(undefined)).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('is what the browser reads from the script /config.js writes', () => {
    const window: { __PORTAL_CONFIG__?: RuntimeConfig } = {};
    new Function('window', renderConfigScript({ ...written, environment: '</script>' }))(window);
    expect(readRuntimeConfig(window.__PORTAL_CONFIG__)).toEqual({ ...written, environment: '</script>' });
  });

  it('writes /config.js with every setting, "<" escaped', () => {
    expect(renderConfigScript({ ...DEFAULT_RUNTIME_CONFIG, environment: '</script>' })).toBe(
      'window.__PORTAL_CONFIG__ = {"identityBaseUrl": "http://localhost:3001", "candidateBaseUrl": "http://localhost:3002", "blobBaseUrl": "http://localhost:3002/blobs", "environment": "\\u003c/script>"};\n',
    );
  });
});
