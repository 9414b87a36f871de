import type { TeamRole } from '@careers/contracts/employer';

/** The roles of a business's team (docs/decisions/0270), in the console's words. */
export const teamRoleLabel: Record<TeamRole, string> = {
  Owner: 'Owner',
  Recruiter: 'Recruiter',
  HiringManager: 'Hiring manager',
};

export const teamRoleDoes: Record<TeamRole, string> = {
  Owner: 'everything, including the team and the business details',
  Recruiter: 'jobs and applications',
  HiringManager: 'reads the applications of the jobs given to them and leaves notes',
};

export const teamRolesInOrder: TeamRole[] = ['Owner', 'Recruiter', 'HiringManager'];
