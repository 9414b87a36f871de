import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, slugSchema } from '@careers/contracts/careers';
import { paths } from './paths';

/** /careers/{slug} must not pass for one of the portal's own pages: every route's first segment is reserved. */
describe('careers page slugs', () => {
  it("are never the first segment of one of the portal's routes", () => {
    const segments = Object.values(paths)
      .map((path) => path.split('/')[1] ?? '')
      .filter((segment) => segment !== '' && !segment.startsWith(':'));
    expect(segments).toContain('employer');
    expect(segments.filter((segment) => slugSchema.safeParse(segment).success)).toEqual([]);
    for (const segment of segments)
      if (/^[a-z0-9-]{3,}$/.test(segment)) expect(RESERVED_SLUGS, segment).toContain(segment);
  });

  it('nor the words of signing in', () => {
    for (const word of ['login', 'signin', 'signup', 'password', 'reset', 'verify'])
      expect(slugSchema.safeParse(word).success, word).toBe(false);
  });
});
