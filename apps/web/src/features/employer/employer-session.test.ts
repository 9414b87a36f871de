import { afterEach, describe, expect, it } from 'vitest';
import { emptyAuthResponse } from '@careers/contracts/identity';
import { candidatePublicClient } from '../../lib/candidate-public-client';
import { mockAdapter } from '../../testing/mock-adapter';
import { fakeNetwork, problem, solvableChallenge } from '../../testing/fake-services';
import { tokenExpiringIn } from '../../testing/make-jwt';
import { employerMessages } from './employer-messages';
import { EmployerLoginError, employerLogin, signUpEmployer } from './employer-session';

const publicAdapter = candidatePublicClient.defaults.adapter;
afterEach(() => {
  candidatePublicClient.defaults.adapter = publicAdapter;
});

const signedIn = (roles: string[]) => ({
  ...emptyAuthResponse(),
  id: 'u1',
  email: 'boss@example.test',
  accessToken: tokenExpiringIn(600, { roles }),
  refreshToken: 'r',
  success: true,
  feedbackMessage: null,
});

describe('employerLogin', () => {
  it('answers a business user’s session', async () => {
    const auth = signedIn(['BusinessUser']);
    const network = fakeNetwork(({ method, url }) =>
      method === 'POST' && url === '/api/account/login' ? { status: 200, data: auth } : undefined,
    );
    await expect(employerLogin({ email: 'boss@example.test', password: 'pw' }, false)).resolves.toEqual(auth);
    expect(network.called('POST', '/api/account/login').map((request) => request.data)).toEqual([
      { email: 'boss@example.test', password: 'pw' },
    ]);
  });

  it('refuses a candidate account in the console’s words', async () => {
    fakeNetwork(() => ({ status: 200, data: signedIn(['Candidate']) }));
    await expect(employerLogin({ email: 'c@example.test', password: 'pw' }, false)).rejects.toEqual(
      new EmployerLoginError(employerMessages.notAnEmployerAccount, false),
    );
  });

  it('says to check the details on a 401, and whether the next try needs the bot check', async () => {
    fakeNetwork(() => problem(401, { botCheckRequired: true }));
    const refused = await employerLogin({ email: 'boss@example.test', password: 'no' }, false).catch((e) => e);
    expect(refused).toBeInstanceOf(EmployerLoginError);
    expect(refused.message).toBe(employerMessages.checkLoginDetails);
    expect(refused.botCheckRequired).toBe(true);
  });

  it('sends the solved bot check when asked to', async () => {
    const network = fakeNetwork(({ method, url }) => {
      if (method === 'GET' && url === '/api/bot-check/challenge') return { status: 200, data: solvableChallenge() };
      if (method === 'POST' && url === '/api/account/login') return { status: 200, data: signedIn(['BusinessUser']) };
      return undefined;
    });
    await employerLogin({ email: 'boss@example.test', password: 'pw' }, true);
    const [body] = network.called('POST', '/api/account/login').map((request) => request.data as { token?: string });
    expect(body?.token).toEqual(expect.any(String));
  });
});

describe('signUpEmployer', () => {
  const input = { name: 'Ada', email: 'boss@example.test', phone: '0123', businessName: 'Acme', city: '' };

  it('registers, creates the business with the registration’s token (not kept), then asks for the password link', async () => {
    const network = fakeNetwork(({ method, url }) => {
      if (method === 'GET' && url === '/api/bot-check/challenge') return { status: 200, data: solvableChallenge() };
      if (method === 'POST' && url === '/api/register/business-user')
        return {
          status: 200,
          data: { succeeded: true, errors: [], userId: 'u1', accessToken: 'registration-token', refreshToken: 'r' },
        };
      if (method === 'POST' && url === '/api/account/forgot-password') return { status: 200 };
      return undefined;
    });
    const business = mockAdapter(() => ({ status: 201, data: { id: 'b1', imageRelativeDirectory: 'x' } }));
    candidatePublicClient.defaults.adapter = business.adapter;

    await signUpEmployer(input);

    const [registration] = network.called('POST', '/api/register/business-user').map((request) => request.data);
    expect(registration).toMatchObject({ name: 'Ada', email: 'boss@example.test', phone: '0123' });
    expect(business.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/business',
        authorization: 'Bearer registration-token',
        data: { name: 'Acme', city: null, phone: '0123' },
      }),
    ]);
    expect(network.called('POST', '/api/account/forgot-password').map((request) => request.data)).toEqual([
      { email: 'boss@example.test', portalType: 'Business' },
    ]);
  });

  it('says what the registration refused, or its own words when it gave none', async () => {
    const refusal = (errors: string[]) =>
      fakeNetwork(({ method, url }) => {
        if (method === 'GET' && url === '/api/bot-check/challenge') return { status: 200, data: solvableChallenge() };
        return { status: 200, data: { succeeded: false, errors, userId: null, accessToken: null, refreshToken: null } };
      });
    refusal(['Email is already taken']);
    await expect(signUpEmployer(input)).rejects.toThrow('Email is already taken');
    refusal([]);
    await expect(signUpEmployer(input)).rejects.toThrow(employerMessages.signupFailed);
  });
});
