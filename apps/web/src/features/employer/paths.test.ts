import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { employerPaths, employerRoutes } from './paths';

describe('employer console paths', () => {
  it('builds every link under /employer from the route table', () => {
    expect(employerPaths.jobs).toBe('/employer');
    expect(employerPaths.login).toBe('/employer/login');
    expect(employerPaths.newJob).toBe('/employer/jobs/new');
    expect(employerPaths.editJob('j 1')).toBe('/employer/jobs/j%201/edit');
    expect(employerPaths.application('a/1')).toBe('/employer/applications/a%2F1');
  });

  it('gives links the console route table matches', () => {
    const matches = (route: string, path: string) => matchPath(`/employer/${route}`, path) !== null;
    expect(matches(employerRoutes.job, employerPaths.job('42'))).toBe(true);
    expect(matches(employerRoutes.editJob, employerPaths.editJob('42'))).toBe(true);
    expect(matches(employerRoutes.application, employerPaths.application('7'))).toBe(true);
    expect(matches(employerRoutes.cvDrops, employerPaths.cvDrops)).toBe(true);
  });
});
