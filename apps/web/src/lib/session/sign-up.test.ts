import { beforeEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { authStore } from '../auth-store';
import { fakeServices, signedInUser, type Route } from '../../testing/fake-services';
import { tokenExpiringIn } from '../../testing/make-jwt';
import { candidate } from '../../testing/candidate-fixtures';
import { createSessionPorts } from './session-ports';
import { signInByCode } from './sign-in';
import { SignUpError, signUp } from './sign-up';
import { signUpProgress } from './sign-up-progress';

/**
 * The session layer's sign-up with the real API functions and the network faked at the edge (the
 * clients' adapter): a retry after a failure continues where it stopped (issue 12 item 7).
 */

const CV_ID = '7f0c1a52-1111-4c3e-9d7e-000000000001';
const SECOND_CV_ID = '7f0c1a52-1111-4c3e-9d7e-000000000002';
const details = { name: 'Grace Hopper', email: 'grace@example.com', phone: '+44 20 7946 0000', postCode: 'SW1A 1AA' };
const pdf = (name = 'cv.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf', lastModified: 1 });

/** A challenge whose answer is 0 (sha256 of the salt followed by '0'). */
async function easyChallenge() {
  const salt = 'salt?expires=9999999999&';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}0`));
  const challenge = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return { algorithm: 'SHA-256', challenge, salt, signature: 'sig', maxnumber: 10 };
}

interface Server {
  hasAccount?: boolean;
  candidate?: boolean;
  refuseCv?: number;
  failCandidate?: number;
}

function services(server: Server) {
  const state = {
    refuseCv: server.refuseCv ?? 0,
    failCandidate: server.failCandidate ?? 0,
    candidate: server.candidate ?? false,
    uploads: 0,
  };
  const route: Route = async (request) => {
    const key = `${request.method} ${request.url}`;
    if (key === 'POST /api/account/can-log-in') return server.hasAccount ? { status: 200 } : undefined;
    if (key === 'GET /api/bot-check/challenge') return { status: 200, data: await easyChallenge() };
    if (key === 'POST /api/register/candidate-user')
      return {
        status: 200,
        data: { succeeded: true, errors: [], userId: 'u9', accessToken: tokenExpiringIn(3600), refreshToken: 'ref' },
      };
    if (key === 'GET /candidate')
      return state.candidate ? { status: 200, data: { ...candidate, userId: 'u9', name: details.name } } : undefined;
    if (key === 'POST /candidate') {
      if (state.failCandidate-- > 0) return { status: 503 };
      state.candidate = true;
      return { status: 200 };
    }
    if (key === 'POST /cvs') {
      if (state.refuseCv-- > 0) return { status: 400, data: { errors: ['The file is not a PDF.'] } };
      state.uploads += 1;
      return { status: 200, data: { cvId: state.uploads === 1 ? CV_ID : SECOND_CV_ID, fileName: 'cv.pdf' } };
    }
    if (key === 'POST /api/account/verify-code')
      return { status: 200, data: { ...signedInUser, id: 'u9', accessToken: tokenExpiringIn(3600) } };
    return undefined;
  };
  const fake = fakeServices(route);
  authStore.clear();
  const count = (method: string, url: string) => fake.called(method, url).length;
  return { ...fake, count };
}

const ports = () => createSessionPorts(new QueryClient());

beforeEach(() => {
  signUpProgress.clear();
  authStore.clear();
});

describe('signUp (lib/session)', () => {
  it('registers, signs in with the registration, creates the candidate and uploads the CV, in that order', async () => {
    const fake = services({});
    const outcome = await signUp(ports(), details, pdf());
    expect(outcome).toMatchObject({ kind: 'signedUp', cvId: CV_ID, resumed: false });
    expect(fake.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/account/can-log-in',
      'GET /api/bot-check/challenge',
      'POST /api/register/candidate-user',
      'POST /candidate',
      'POST /cvs',
    ]);
    expect(authStore.get()).toMatchObject({ id: 'u9', email: details.email });
  });

  it('answers existingAccount, making nothing, when the address already has an account', async () => {
    const fake = services({ hasAccount: true });
    expect(await signUp(ports(), details, null)).toEqual({ kind: 'existingAccount' });
    expect(fake.count('POST', '/api/register/candidate-user')).toBe(0);
  });

  it('after a refused CV, a retry with another file continues: no second registration or candidate record', async () => {
    const fake = services({ refuseCv: 1 });
    const failure = await signUp(ports(), details, pdf('scan.pdf')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SignUpError);
    expect((failure as SignUpError).step).toBe('cv');
    expect(authStore.get()).toMatchObject({ id: 'u9' });

    const outcome = await signUp(ports(), details, pdf('good.pdf'));
    expect(outcome).toMatchObject({ kind: 'signedUp', cvId: CV_ID, resumed: true });
    expect(fake.count('POST', '/api/account/can-log-in')).toBe(1);
    expect(fake.count('POST', '/api/register/candidate-user')).toBe(1);
    expect(fake.count('POST', '/candidate')).toBe(1);
    expect(fake.count('POST', '/cvs')).toBe(2);
  });

  it('after a failed candidate record, a retry creates it without registering again', async () => {
    const fake = services({ failCandidate: 1 });
    await expect(signUp(ports(), details, null)).rejects.toMatchObject({ step: 'candidate' });
    expect(await signUp(ports(), details, null)).toMatchObject({ kind: 'signedUp', cvId: null, resumed: true });
    expect(fake.count('POST', '/api/register/candidate-user')).toBe(1);
    expect(fake.count('POST', '/candidate')).toBe(2);
  });

  it('a retry with the same file already uploaded does not upload it again', async () => {
    const fake = services({});
    const cv = pdf();
    await signUp(ports(), details, cv);
    expect(await signUp(ports(), details, cv)).toMatchObject({ kind: 'signedUp', cvId: CV_ID, resumed: true });
    expect(fake.count('POST', '/cvs')).toBe(1);
  });

  it('a signed-in user without a candidate record (no sign-up in this tab) completes it without registering', async () => {
    const fake = services({});
    authStore.set({ ...signedInUser, id: 'u9', email: details.email, accessToken: tokenExpiringIn(3600) });
    expect(await signUp(ports(), details, null)).toMatchObject({ kind: 'signedUp', resumed: true });
    expect(fake.count('GET', '/candidate')).toBe(1);
    expect(fake.count('POST', '/api/account/can-log-in')).toBe(0);
    expect(fake.count('POST', '/api/register/candidate-user')).toBe(0);
    expect(fake.count('POST', '/candidate')).toBe(1);
  });

  it('a signed-in user whose sign-up is complete gets the ordinary check (existing account), not a second record', async () => {
    const fake = services({ hasAccount: true, candidate: true });
    authStore.set({ ...signedInUser, id: 'u9', email: details.email, accessToken: tokenExpiringIn(3600) });
    expect(await signUp(ports(), details, null)).toEqual({ kind: 'existingAccount' });
    expect(fake.count('POST', '/candidate')).toBe(0);
  });

  it('a verified code ends the sign-up: the next sign-up with the address starts from the check again', async () => {
    const fake = services({ hasAccount: true });
    const sessionPorts = ports();
    signUpProgress.set({ userId: 'u9', email: details.email, candidateCreated: true, cv: null, cvSentTo: null });
    expect(await signInByCode(sessionPorts, details.email, '123456')).toMatchObject({ id: 'u9' });
    expect(signUpProgress.get()).toBeNull();
    fake.requests.length = 0;
    expect(await signUp(sessionPorts, details, null)).toEqual({ kind: 'existingAccount' });
  });
});
