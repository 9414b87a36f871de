import { describe, expect, it } from 'vitest';
import { runStartup, STARTUP_MESSAGES, type StartupProgress } from './startup';

describe('runStartup', () => {
  it('shows the product.md §1 messages in order and ends ready', async () => {
    const seen: StartupProgress[] = [];
    const outcome = await runStartup(
      { checkLogin: async () => 'ok', loadCandidate: async () => 'ok', loadApplicationData: async () => undefined },
      (progress) => seen.push(progress),
    );
    expect(outcome).toBe('ready');
    expect(seen.map((p) => p.message)).toEqual([...STARTUP_MESSAGES]);
    expect(STARTUP_MESSAGES).toEqual(['Preparing application...', 'Checking login status...', 'Loading personal data...', 'Loading job application data...', 'Data loaded...']);
    expect(seen.at(-1)).toMatchObject({ authenticated: true, candidateLoaded: true, applicationDataLoaded: true });
  });

  it('stops as unauthenticated when the login check fails or the candidate has no name', async () => {
    expect(await runStartup({ checkLogin: async () => 'unauthenticated', loadCandidate: async () => 'ok', loadApplicationData: async () => undefined }, () => {})).toBe('unauthenticated');
    expect(await runStartup({ checkLogin: async () => 'ok', loadCandidate: async () => 'unauthenticated', loadApplicationData: async () => undefined }, () => {})).toBe('unauthenticated');
  });
});
