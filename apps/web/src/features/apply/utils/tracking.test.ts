import { describe, expect, it } from 'vitest';
import { applicationPayload, readApplicationTracking } from './tracking';

describe('readApplicationTracking', () => {
  it('maps the link query to the payload fields', () => {
    const href =
      'https://portal.example/apply/42?publisherId=pub-7&boostId=b-9&utm_source=jobboard&utm_campaign=spring';
    expect(readApplicationTracking(href)).toEqual({
      landingUrl: href,
      publisherId: 'pub-7',
      boostId: 'b-9',
      utmSource: 'jobboard',
      utmCampaign: 'spring',
    });
  });

  it('prefers the landingUrl the link carries over the link itself', () => {
    const href = `https://portal.example/apply/42?landingUrl=${encodeURIComponent('https://board.example/jobs/42?ref=x')}`;
    expect(readApplicationTracking(href).landingUrl).toBe('https://board.example/jobs/42?ref=x');
  });

  it('leaves out the fields the link does not have, and blank ones', () => {
    expect(readApplicationTracking('https://portal.example/apply/42?utm_source=%20%20')).toEqual({
      landingUrl: 'https://portal.example/apply/42?utm_source=%20%20',
    });
  });

  it('cuts values to the contract limit', () => {
    const long = 'x'.repeat(3000);
    expect(readApplicationTracking(`https://portal.example/apply/42?boostId=${long}`).boostId).toHaveLength(2048);
  });

  it('answers nothing for an unreadable address', () => {
    expect(readApplicationTracking('not a url')).toEqual({});
  });

  it('carries the page the candidate came from, for the application source (decision 0383)', () => {
    expect(readApplicationTracking('https://portal.test/apply/j', 'https://portal.test/careers/bean-co')).toEqual({
      landingUrl: 'https://portal.test/apply/j',
      referrer: 'https://portal.test/careers/bean-co',
    });
    expect(readApplicationTracking('https://portal.test/apply/j', '')).toEqual({
      landingUrl: 'https://portal.test/apply/j',
    });
  });
});

describe('applicationPayload', () => {
  it('is ready to work and carries the tracking fields', () => {
    expect(applicationPayload('job', 'cv', { utmSource: 's' })).toEqual({
      jobId: 'job',
      cvId: 'cv',
      readyToWork: true,
      utmSource: 's',
    });
  });
});
