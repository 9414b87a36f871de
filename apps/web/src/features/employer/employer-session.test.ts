import { afterEach, describe, expect, it } from 'vitest';
import { emptyAuthResponse } from '@careers/contracts/identity';
import { candidatePublicClient } from '../../lib/candidate-public-client';
import { mockAdapter } from '../../testing/mock-adapter';
import { fakeNetwork, problem, solvableChallenge } from '../../testing/fake-services';
import { tokenExpiringIn } from '../../testing/make-jwt';
import { employerMessages } from './employer-messages';
import {
  EmployerLoginError,
  SetPasswordError,
  employerLogin,
  setPasswordAndSignIn,
  signUpEmployer,
} from './employer-session';

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

describe('a login refused only for the bot check', () => {
  const refusal = problem(401, {
    ...emptyAuthResponse('Please complete the bot check and try again.'),
    botCheckRequired: true,
  });

  it('is tried again at once with the check solved in the page, and succeeds', async () => {
    let logins = 0;
    const network = fakeNetwork(({ method, url }) => {
      if (method === 'GET' && url === '/api/bot-check/challenge') return { status: 200, data: solvableChallenge() };
      if (method === 'POST' && url === '/api/account/login')
        return (logins += 1) === 1 ? refusal : { status: 200, data: signedIn(['BusinessUser']) };
      return undefined;
    });
    await expect(employerLogin({ email: 'boss@example.test', password: 'pw' }, false)).resolves.toMatchObject({
      success: true,
    });
    const bodies = network.called('POST', '/api/account/login').map((request) => request.data as { token?: string });
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.token).toBeUndefined();
    expect(bodies[1]?.token).toEqual(expect.any(String));
  });

  it('is recognised by a problem type that names the bot check too', async () => {
    let logins = 0;
    fakeNetwork(({ method, url }) => {
      if (method === 'GET' && url === '/api/bot-check/challenge') return { status: 200, data: solvableChallenge() };
      if (method === 'POST' && url === '/api/account/login')
        return (logins += 1) === 1
          ? problem(428, { type: 'urn:careers-portal:problem:bot-check-required' })
          : { status: 200, data: signedIn(['BusinessUser']) };
      return undefined;
    });
    await expect(employerLogin({ email: 'boss@example.test', password: 'pw' }, false)).resolves.toMatchObject({
      success: true,
    });
  });

  it('is not retried after a wrong password (that would be one more guess)', async () => {
    const network = fakeNetwork(() =>
      problem(401, { ...emptyAuthResponse('Invalid email or password.'), botCheckRequired: true }),
    );
    const refused = await employerLogin({ email: 'boss@example.test', password: 'no' }, false).catch((e) => e);
    expect(refused.message).toBe(employerMessages.checkLoginDetails);
    expect(network.called('POST', '/api/account/login')).toHaveLength(1);
  });
});

describe('setPasswordAndSignIn (the welcome link’s page)', () => {
  it('saves the password with the link’s token, then signs in, solving the bot check when asked', async () => {
    let logins = 0;
    const network = fakeNetwork(({ method, url }) => {
      if (method === 'POST' && url === '/api/account/reset-password')
        return { status: 200, data: { succeeded: true, errors: [] } };
      if (method === 'GET' && url === '/api/bot-check/challenge') return { status: 200, data: solvableChallenge() };
      if (method === 'POST' && url === '/api/account/login')
        return (logins += 1) === 1
          ? problem(401, {
              ...emptyAuthResponse('Please complete the bot check and try again.'),
              botCheckRequired: true,
            })
          : { status: 200, data: signedIn(['BusinessUser']) };
      return undefined;
    });
    const auth = await setPasswordAndSignIn('boss@example.test', 'tok/en', 'my password', 'my password');
    expect(auth.success).toBe(true);
    expect(network.called('POST', '/api/account/reset-password').map((request) => request.data)).toEqual([
      { email: 'boss@example.test', token: 'tok/en', password: 'my password', confirmPassword: 'my password' },
    ]);
    expect(network.called('POST', '/api/account/login')).toHaveLength(2);
  });

  it('keeps the session the reset answers: no password login, so no bot check and no counted failure', async () => {
    const session = signedIn(['BusinessUser']);
    const network = fakeNetwork(({ method, url }) =>
      method === 'POST' && url === '/api/account/reset-password'
        ? { status: 200, data: { succeeded: true, errors: [], session } }
        : undefined,
    );
    await expect(setPasswordAndSignIn('boss@example.test', 'tok', 'my password', 'my password')).resolves.toEqual(
      session,
    );
    expect(network.called('POST', '/api/account/login')).toEqual([]);
  });

  it('says what the service refused when the link is spent, and signs nobody in', async () => {
    const network = fakeNetwork(() =>
      problem(400, {
        detail: 'The reset link has already been used.',
        errors: ['The reset link has already been used.'],
      }),
    );
    const refused = await setPasswordAndSignIn('boss@example.test', 't', 'my password', 'my password').catch((e) => e);
    expect(refused).toBeInstanceOf(SetPasswordError);
    expect(refused.message).toBe('The reset link has already been used.');
    expect(refused.passwordSaved).toBe(false);
    expect(network.called('POST', '/api/account/login')).toEqual([]);
  });

  it('says the password is saved when only the sign-in after it failed', async () => {
    fakeNetwork(({ url }) =>
      url === '/api/account/reset-password'
        ? { status: 200, data: { succeeded: true, errors: [] } }
        : problem(429, { detail: 'Too many login attempts.' }, { 'retry-after': '30' }),
    );
    const refused = await setPasswordAndSignIn('boss@example.test', 't', 'my password', 'my password').catch((e) => e);
    expect(refused.passwordSaved).toBe(true);
    expect(refused.message).toBe(`${employerMessages.passwordSavedSignInFailed} ${employerMessages.tooManyTries(30)}`);
  });
});

describe('signUpEmployer', () => {
  const input = { name: 'Ada', email: 'boss@example.test', phone: '0123', businessName: 'Acme', city: '' };

  it('registers and creates the business with the registration’s token (not kept); the registration’s welcome e-mail is the only one', async () => {
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
    // No reset e-mail beside the welcome e-mail (decision 0250).
    expect(network.called('POST', '/api/account/forgot-password')).toEqual([]);
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
