import { describe, expect, it } from 'vitest';
import { isPortalRoute } from './paths';

describe('isPortalRoute', () => {
  it.each([
    '/',
    '/dashboard',
    '/account',
    '/account/login',
    '/account/signup',
    '/account/request-password-reset',
    '/account/reset/a%40b.com/tok',
    '/account/reset/a@b.com/part1/part2',
    '/confirm/u1/tok/more',
    '/apply/123',
    '/account/undo-email-change/tok',
    '/profile',
    '/cvs/',
    '/applications',
    '/cv-drops',
    '/contact-us',
    '/user-account',
    '/terms',
    '/privacy',
    '/employer',
    '/employer/login',
    '/employer/signup',
    '/employer/forgot-password',
    '/employer/business',
    '/employer/cv-drops',
    '/employer/jobs/new',
    '/employer/jobs/j1',
    '/employer/jobs/j1/edit',
    '/employer/applications/a1',
  ])('knows %s', (path) => expect(isPortalRoute(path)).toBe(true));

  it.each([
    '/nope',
    '/account/reset/a@b.com',
    '/account/undo-email-change',
    '/account/undo-email-change/a/b',
    '/confirm/u1',
    '/apply',
    '/apply/1/2',
    '/cvs/x',
    '/assets/x.js',
    '/employer/nope',
    '/employer/jobs',
    '/employer/jobs/j1/x',
    '/employer/applications',
    '/Dashboard',
  ])('does not know %s', (path) => expect(isPortalRoute(path)).toBe(false));
});
