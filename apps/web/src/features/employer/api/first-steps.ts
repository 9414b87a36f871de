import { useQuery } from '@tanstack/react-query';
import { getFirstSteps } from '../../../lib/api/candidate/first-steps';
import { employerQueryKeys } from './query-keys';

/**
 * The new business's checklist. Read again each time the console's home shows it: a step is done on
 * another page (the business, the team, interviews), and the list must say so on the way back.
 */
export function useFirstSteps(enabled: boolean) {
  return useQuery({ queryKey: employerQueryKeys.firstSteps, queryFn: getFirstSteps, enabled, staleTime: 0 });
}
