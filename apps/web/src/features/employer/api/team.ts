import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInvitation, Team, TeamRole } from '@careers/contracts/employer';
import {
  acceptInvitation,
  addApplicationNote,
  assignMemberJobs,
  cancelInvitation,
  changeMemberRole,
  declineInvitation,
  getMembership,
  getMyInvitations,
  getTeam,
  getTeamRemoval,
  inviteToTeam,
  removeMember,
  resendInvitation,
} from '../../../lib/api/candidate/business-team';
import { getBusinessJobs } from '../../../lib/api/candidate/get-business-jobs';
import { employerQueryKeys } from './query-keys';

/** The caller's role in their business (null: in none yet). */
export function useMembership() {
  return useQuery({ queryKey: employerQueryKeys.membership, queryFn: getMembership });
}

/** For an employer in no business: the business that removed them, and when (null: none did). */
export function useTeamRemoval() {
  return useQuery({ queryKey: employerQueryKeys.removal, queryFn: getTeamRemoval });
}

/** The jobs an owner can give to hiring managers: the newest 100. */
export function useJobsToAssign() {
  return useQuery({ queryKey: [...employerQueryKeys.jobsRoot, 'to-assign'], queryFn: () => getBusinessJobs(1, 100) });
}

/**
 * Whether the caller may post, change, close jobs and move applications (owners and recruiters). Until
 * the role is known the buttons stay hidden; the service refuses a hiring manager either way.
 */
export function useCanEditJobs(): boolean {
  const membership = useMembership();
  return membership.data ? membership.data.role !== 'HiringManager' : false;
}

export function useTeam() {
  return useQuery({ queryKey: employerQueryKeys.team, queryFn: getTeam });
}

/** A change answered with the team as it is now: shown at once. */
function useTeamChange<V>(change: (vars: V) => Promise<Team | unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'members' in answer)
        queryClient.setQueryData(employerQueryKeys.team, answer as Team);
      return queryClient.invalidateQueries({ queryKey: employerQueryKeys.team });
    },
  });
}

export const useInvite = () => useTeamChange((body: CreateInvitation) => inviteToTeam(body));
export const useResendInvitation = () => useTeamChange((id: string) => resendInvitation(id));
export const useCancelInvitation = () => useTeamChange((id: string) => cancelInvitation(id));
export const useChangeRole = () =>
  useTeamChange(({ userId, role }: { userId: string; role: TeamRole }) => changeMemberRole(userId, role));
export const useAssignJobs = () =>
  useTeamChange(({ userId, jobIds }: { userId: string; jobIds: string[] }) => assignMemberJobs(userId, jobIds));
export const useRemoveMember = () => useTeamChange((userId: string) => removeMember(userId));

export function useMyInvitations(enabled: boolean) {
  return useQuery({ queryKey: employerQueryKeys.myInvitations, queryFn: getMyInvitations, enabled });
}

/** Joins a business: everything the console shows is read again, now as a member. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async () => {
      // The business first: the console then shows its pages at once, and never, for a moment, the set-up
      // form that an employer with no invitation left and no business would see.
      await queryClient.invalidateQueries({ queryKey: employerQueryKeys.business });
      await queryClient.invalidateQueries({ queryKey: ['employer'] });
    },
  });
}

/** Declines an invitation: the answer is the invitations still open. */
export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInvitation,
    onSuccess: (open) => queryClient.setQueryData(employerQueryKeys.myInvitations, open),
  });
}

export function useAddNote(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addApplicationNote(applicationId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerQueryKeys.application(applicationId) }),
  });
}
