/**
 * A refresh whose answer never reaches the page (it navigated away while the refresh was on the wire)
 * does not end the session (decision 0460): the identity service rotated the stored refresh token, the
 * next page presents the old one again, and within 30 s, with its successor unused, it gets a new one.
 */
import { describe, expect, it } from 'vitest';
import { storedSession } from '../support/apply-flows';
import { usePortalPages } from '../support/browser';
import { newCandidate, signUpByCode } from '../support/flows';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();

describe('a refresh cut off by a navigation', () => {
  it('keeps the candidate signed in on the next page', async () => {
    const candidate = newCandidate('lost-refresh');
    const page = await openPage();
    await signUpByCode(page, candidate);
    const before = await storedSession(page);

    // Leave the signed-in page, then move the clock an hour on: every access token now looks expired, so
    // the next page refreshes before its first call.
    await page.goto('about:blank');
    await page.clock.setFixedTime(Date.now() + 60 * 60 * 1000);
    let rotated!: () => void;
    const rotatedOnServer = new Promise<void>((resolve) => (rotated = resolve));
    await page.route('**/api/account/refresh', async (route) => {
      // The identity service answers (and rotates the token); the page never hears of it.
      await route.fetch();
      rotated();
    });
    await page.goto('/applications');
    await rotatedOnServer;
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.goto('/applications');
    // "No applications yet" is the answer of an authorized call: an ended session lands on the login page.
    await page.getByText('No applications yet', { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(new URL(page.url()).pathname).toBe('/applications');
    const after = await storedSession(page);
    expect(after.refreshToken).not.toBe(before.refreshToken);
  }, 120_000);
});
