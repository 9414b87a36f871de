import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateBusiness, UpdateBusiness } from '@careers/contracts/employer';
import { createBusiness } from '../../../lib/api/candidate/create-business';
import { findBusiness } from '../../../lib/api/candidate/get-business';
import { updateBusiness } from '../../../lib/api/candidate/update-business';
import { uploadBusinessLogo } from '../../../lib/api/candidate/upload-business-logo';
import { employerQueryKeys } from './query-keys';

/** The employer's business, or null when they have not created it yet. */
export const businessQueryOptions = () => queryOptions({ queryKey: employerQueryKeys.business, queryFn: findBusiness });

export function useBusiness() {
  return useQuery(businessQueryOptions());
}

/** Creates the business when there is none yet, else changes it. */
export function useSaveBusiness(exists: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBusiness | UpdateBusiness) => (exists ? updateBusiness(body) : createBusiness(body)),
    // Creating the business makes the caller its owner: the menu follows the role.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: employerQueryKeys.business }),
        queryClient.invalidateQueries({ queryKey: employerQueryKeys.membership }),
      ]),
  });
}

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadBusinessLogo });
}
