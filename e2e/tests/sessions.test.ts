/**
 * Issue 12 item 9: Logout ends this browser's session only; "Log out of all devices" on the account
 * page ends every session. Each device is a browser context of its own; whether its session still
 * lives is asked the way the portal asks, with a refresh of its stored tokens.
 */
import { describe, expect, inject, it } from 'vitest';
import { expectNoSidewaysScroll, storedSession } from '../support/apply-flows';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE, usePortalPages } from '../support/browser';
import { logout, newCandidate, signInByCode, signUpByCode } from '../support/flows';
import { WAIT_MS } from '../support/waits';

const openPage = usePortalPages();

/** Whether the identity service still refreshes this session (the portal's own test of a live session). */
async function sessionLives(session: { accessToken: string; refreshToken: string }): Promise<boolean> {
  const response = await fetch(`${inject('stack').identityUrl}/api/account/refresh`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...session, ipAddress: '0.0.0.0' }),
  });
  return response.status === 200;
}

describe('sessions on several devices', () => {
  it('Logout on one device leaves the other signed in', async () => {
    const candidate = newCandidate('two-devices');
    const laptop = await openPage();
    await signUpByCode(laptop, candidate);
    const phone = await openPage({ viewport: PHONE });
    await signInByCode(phone, candidate.email);
    const phoneSession = await storedSession(phone);

    await logout(laptop);
    expect(await sessionLives(phoneSession)).toBe(true);
  });

  it('"Log out of all devices" ends every session after asking, and lands on login', async () => {
    const candidate = newCandidate('everywhere');
    const laptop = await openPage();
    await signUpByCode(laptop, candidate);
    const phone = await openPage({ viewport: PHONE });
    await signInByCode(phone, candidate.email);
    const phoneSession = await storedSession(phone);

    await phone.goto('/user-account');
    const button = phone.getByRole('button', { name: 'Log out of all devices' });
    await button.waitFor({ state: 'visible', timeout: WAIT_MS });
    await expectNoSidewaysScroll(phone, '/user-account at 360 px');
    await expectNoAxeViolations(phone, '/user-account at 360 px');
    await button.click();
    const dialog = phone.getByRole('alertdialog', { name: 'Log out of all devices?' });
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(new URL(phone.url()).pathname).toBe('/user-account');

    // Read, not refreshed: a refresh here would rotate the tokens and prove nothing below.
    const laptopSession = await storedSession(laptop);
    await button.click();
    await dialog.getByRole('button', { name: 'Log out everywhere' }).click();
    await expect.poll(() => new URL(phone.url()).pathname, { timeout: WAIT_MS }).toBe('/account/login');
    expect(await sessionLives(phoneSession)).toBe(false);
    expect(await sessionLives(laptopSession)).toBe(false);

    // The laptop learns it when its access token is due for a refresh: it lands on login, told why.
    await laptop.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) ?? '';
        try {
          const stored = JSON.parse(localStorage.getItem(key) ?? '') as { accessToken?: string };
          if (typeof stored.accessToken !== 'string') continue;
          const [head, payload, signature] = stored.accessToken.split('.');
          const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
          claims.exp = Math.floor(Date.now() / 1000) - 60;
          const expired = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
          localStorage.setItem(key, JSON.stringify({ ...stored, accessToken: `${head}.${expired}.${signature}` }));
        } catch {
          // not the auth entry
        }
      }
    });
    await laptop.reload();
    await expect.poll(() => new URL(laptop.url()).pathname, { timeout: WAIT_MS }).toBe('/account/login');
    await expect
      .poll(
        () =>
          laptop.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' }).isVisible(),
        { timeout: WAIT_MS },
      )
      .toBe(true);
  });
});
