import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Availability } from '@careers/contracts/interviews';
import {
  cancelBusinessInterview,
  getBusinessInterview,
  getOwnAvailability,
  getJobInterviews,
  getOwnFeed,
  inviteToInterview,
  makeOwnFeed,
  moveBusinessInterview,
  removeOwnFeed,
  setOwnAvailability,
} from '../../../lib/api/candidate/interviews';
import { employerQueryKeys } from './query-keys';

/** Under the applications' root: moving an application (to "Schedule interview") refreshes its interview. */
const interviewKey = (applicationId: string) => [...employerQueryKeys.applicationsRoot, 'interview', applicationId];
const availabilityKey = ['employer', 'interviews', 'availability'] as const;
const feedKey = ['employer', 'interviews', 'feed'] as const;

export function useBusinessInterview(applicationId: string) {
  return useQuery({ queryKey: interviewKey(applicationId), queryFn: () => getBusinessInterview(applicationId) });
}

function useInterviewChange<T>(applicationId: string, change: (value: T) => ReturnType<typeof inviteToInterview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => queryClient.setQueryData(interviewKey(applicationId), answer),
    onError: () => void queryClient.invalidateQueries({ queryKey: interviewKey(applicationId) }),
  });
}

export const useInviteToInterview = (applicationId: string) =>
  useInterviewChange<void>(applicationId, () => inviteToInterview(applicationId));
export const useMoveInterview = (applicationId: string) =>
  useInterviewChange<string>(applicationId, (startsAt) => moveBusinessInterview(applicationId, startsAt));
export const useCancelInterview = (applicationId: string) =>
  useInterviewChange<void>(applicationId, () => cancelBusinessInterview(applicationId));

export function useOwnAvailability() {
  return useQuery({ queryKey: availabilityKey, queryFn: getOwnAvailability });
}

export function useSetOwnAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (availability: Availability) => setOwnAvailability(availability),
    onSuccess: (answer) => queryClient.setQueryData(availabilityKey, answer),
  });
}

export function useOwnFeed() {
  return useQuery({ queryKey: feedKey, queryFn: getOwnFeed });
}

export function useMakeOwnFeed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: makeOwnFeed, onSuccess: (feed) => queryClient.setQueryData(feedKey, feed) });
}

export function useRemoveOwnFeed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeOwnFeed, onSuccess: (feed) => queryClient.setQueryData(feedKey, feed) });
}

/** One request per job, shared by the pipeline's cards; refreshed with the applications. */
export function useJobInterviews(jobId: string) {
  return useQuery({
    queryKey: [...employerQueryKeys.applicationsRoot, 'job-interviews', jobId],
    queryFn: () => getJobInterviews(jobId),
  });
}
