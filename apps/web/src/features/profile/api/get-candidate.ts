import { queryOptions, useQuery } from '@tanstack/react-query';
import { candidateSchema, type Candidate } from '@careers/contracts/candidate';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../lib/query-keys';

/** The signed-in candidate (startup already put it in the cache under the same key). */
export async function getCandidate(): Promise<Candidate> {
  const { data } = await http.candidate.get<unknown>('/candidate');
  return candidateSchema.parse(data);
}

export const candidateQueryOptions = () => queryOptions({ queryKey: queryKeys.candidate, queryFn: getCandidate });

export function useCandidate() {
  return useQuery(candidateQueryOptions());
}
