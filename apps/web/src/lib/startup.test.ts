import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { candidate, cv } from '../testing/candidate-fixtures';
import { fakeServices, problem, signedInUser } from '../testing/fake-services';
import { tokenExpiringIn } from '../testing/make-jwt';
import { http } from './http-client';
import { queryKeys } from './query-keys';
import { defaultStartupSteps, runStartup, STARTUP_MESSAGES, type StartupProgress } from './startup';

describe('runStartup', () => {
  it('shows the product.md §1 messages in order and ends ready', async () => {
    const seen: StartupProgress[] = [];
    const outcome = await runStartup(
      { checkLogin: async () => 'ok', loadCandidate: async () => 'ok', loadApplicationData: async () => undefined },
      (progress) => seen.push(progress),
    );
    expect(outcome).toBe('ready');
    expect(seen.map((p) => p.message)).toEqual([...STARTUP_MESSAGES]);
    expect(STARTUP_MESSAGES).toEqual([
      'Preparing application...',
      'Checking login status...',
      'Loading personal data...',
      'Loading job application data...',
      'Data loaded...',
    ]);
    expect(seen.at(-1)).toMatchObject({ authenticated: true, candidateLoaded: true, applicationDataLoaded: true });
  });

  it('stops as unauthenticated when the login check fails or the candidate has no name', async () => {
    expect(
      await runStartup(
        {
          checkLogin: async () => 'unauthenticated',
          loadCandidate: async () => 'ok',
          loadApplicationData: async () => undefined,
        },
        () => {},
      ),
    ).toBe('unauthenticated');
    expect(
      await runStartup(
        {
          checkLogin: async () => 'ok',
          loadCandidate: async () => 'unauthenticated',
          loadApplicationData: async () => undefined,
        },
        () => {},
      ),
    ).toBe('unauthenticated');
  });
});

describe('startup without a candidate record', () => {
  it("ends 'incomplete' (the user is led to complete the sign-up) when the candidate step says so", async () => {
    expect(
      await runStartup(
        {
          checkLogin: async () => 'ok',
          loadCandidate: async () => 'incomplete',
          loadApplicationData: async () => undefined,
        },
        () => {},
      ),
    ).toBe('incomplete');
  });

  it("the default steps read GET /candidate's 404 as 'incomplete', and put the candidate and CVs under the shared keys", async () => {
    const queryClient = new QueryClient();
    // No candidate record, and the account answers a refresh: the sign-up stopped halfway.
    const live = fakeServices((request) =>
      request.url === '/api/account/refresh'
        ? { status: 200, data: { ...signedInUser, accessToken: tokenExpiringIn(3600) } }
        : undefined,
    );
    expect(await defaultStartupSteps(http, queryClient).loadCandidate()).toBe('incomplete');
    expect(live.called('POST', '/api/account/refresh')).toHaveLength(1);
    fakeServices((request) => {
      if (request.url === '/candidate') return { status: 200, data: candidate };
      if (request.url === '/cvs') return { status: 200, data: { cvCount: 1, cvs: [cv(1)] } };
      return undefined;
    });
    const steps = defaultStartupSteps(http, queryClient);
    expect(await steps.loadCandidate()).toBe('ok');
    await steps.loadApplicationData();
    expect(queryClient.getQueryData(queryKeys.candidate)).toEqual(candidate);
    expect(queryClient.getQueryData(queryKeys.cvs)).toEqual({ cvCount: 1, cvs: [cv(1)] });
  });

  it("a session whose account is gone (GET /candidate 404, the refresh refused) ends 'unauthenticated', not 'incomplete'", async () => {
    const queryClient = new QueryClient();
    const gone = fakeServices((request) => (request.url === '/api/account/refresh' ? problem(401) : undefined));
    expect(await defaultStartupSteps(http, queryClient).loadCandidate()).toBe('unauthenticated');
    expect(gone.called('POST', '/api/account/refresh')).toHaveLength(1);
  });
});
