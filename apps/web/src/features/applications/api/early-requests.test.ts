import { describe, expect, it } from 'vitest';
import { dashboardEarlyRequestUrls } from './early-requests';
import { APPLICATIONS_PAGE_SIZE } from './get-job-applications';

// applications-startup.test.tsx holds these to the addresses the app itself asks for.
describe("the dashboard's early requests (docs/decisions/0466)", () => {
  it('ask for what /applications asks as it starts, its ?page= included, and nothing elsewhere', () => {
    expect(dashboardEarlyRequestUrls('http://cand.test/', '/applications', '?page=3')).toEqual([
      'http://cand.test/candidate',
      'http://cand.test/cvs',
      `http://cand.test/job-applications?page=3&pageSize=${APPLICATIONS_PAGE_SIZE}`,
    ]);
    expect(dashboardEarlyRequestUrls('http://cand.test', '/applications/', '?page=x')[2]).toContain('?page=1&');
    expect(dashboardEarlyRequestUrls('http://cand.test', '/applications/abc', '')).toEqual([]);
    expect(dashboardEarlyRequestUrls('http://cand.test', '/cvs', '')).toEqual([]);
  });
});
