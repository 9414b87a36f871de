import { describe, expect, it } from 'vitest';
import { businessLogoUrl, logoCacheBust } from './logo-url';

describe('business logo URL', () => {
  it('is {blob base}/{imageRelativeDirectory}/logo.png with a cache-busting number', () => {
    expect(businessLogoUrl('https://blobs.example/public/', '/businesses/abc/', () => 0.5)).toBe(
      'https://blobs.example/public/businesses/abc/logo.png?v=501',
    );
  });

  it('keeps the number within 1..1000 at both ends of Math.random', () => {
    expect(logoCacheBust(() => 0)).toBe(1);
    expect(logoCacheBust(() => 0.9999999999)).toBe(1000);
    // Math.random never answers 1, but a bad source must not push past the top.
    expect(logoCacheBust(() => 1)).toBe(1000);
  });

  it('stays an integer within range over many draws', () => {
    for (let i = 0; i < 5000; i += 1) {
      const value = Number(new URL(businessLogoUrl('https://b.example', 'd')).searchParams.get('v'));
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(1000);
    }
  });
});
