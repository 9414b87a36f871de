import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@careers/server-kit/testing';
import { DEMO_BUSINESSES, seedDemo } from '../seed-demo';

/**
 * Both services' own test helpers, loaded at run time: static imports would bring their Fastify type
 * augmentations into one type check, where they collide.
 */
interface Answer {
  statusCode: number;
  json(): Record<string, unknown>;
}
interface TestService {
  app: { listen(options: { port: number; host: string }): Promise<string>; inject(options: object): Promise<Answer> };
  close(): Promise<void>;
}
interface IdentityTestApp extends TestService {
  config: { publicUrl: string };
  latestLink(email: string, kind: string): Promise<string>;
}
const identityHelpers = new URL('../../services/identity/test/helpers.ts', import.meta.url).href;
const candidateHelpers = new URL('../../services/candidate/test/helpers.ts', import.meta.url).href;
const { startTestApp: startIdentity, relaxedLimits } = (await import(/* @vite-ignore */ identityHelpers)) as {
  startTestApp(kind: string, env: Record<string, string>): Promise<IdentityTestApp>;
  relaxedLimits: Record<string, string>;
};
const { startTestApp: startCandidate } = (await import(/* @vite-ignore */ candidateHelpers)) as {
  startTestApp(kind: string, env: Record<string, string>): Promise<TestService>;
};

/**
 * The demo seed of `npm start` runs from the same loopback client as the newcomer's browser: its own
 * look-ups must not count as failed logins, or their first employer login would ask for the bot check.
 */
describe('the demo seed', () => {
  let identity: IdentityTestApp;
  let candidate: TestService;
  let identityUrl: string;
  let candidateUrl: string;
  beforeAll(async () => {
    const candidatePort = await freePort();
    candidateUrl = `http://127.0.0.1:${candidatePort}`;
    identity = await startIdentity('pglite', { ...relaxedLimits, CANDIDATE_URL: candidateUrl });
    identityUrl = await identity.app.listen({ port: 0, host: '127.0.0.1' });
    candidate = await startCandidate('pglite', {
      IDENTITY_URL: identity.config.publicUrl,
      IDENTITY_JWKS_URL: `${identityUrl}/.well-known/jwks.json`,
    });
    await candidate.app.listen({ port: candidatePort, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await candidate?.close();
    await identity?.close();
  });

  it('creates the demo employers without a single failed login from its client', async () => {
    const links = await seedDemo({
      identityUrl,
      candidateUrl,
      portalUrl: 'http://localhost:3000',
      onlyIfEmpty: true,
      resetLink: (email) => identity.latestLink(email, 'password-reset-link'),
    });
    expect(links.length).toBeGreaterThan(0);
    // The newcomer's first wrong password, from the same loopback client, is their first failure: no
    // bot check asked for yet (3 failures from a client or for an address ask for it).
    const [first] = DEMO_BUSINESSES;
    for (let i = 1; i <= 2; i += 1) {
      const res = await identity.app.inject({
        method: 'POST',
        url: '/api/account/login',
        remoteAddress: '127.0.0.1',
        payload: { email: first!.email, password: `not the password ${i}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().botCheckRequired).toBeUndefined();
    }
  }, 300_000);
});
