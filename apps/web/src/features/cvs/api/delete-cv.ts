import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CvList } from '@careers/contracts/candidate';
import { deleteCv } from '../../../lib/api/candidate/delete-cv';
import { queryKeys } from '../../../lib/query-keys';

/** product.md §4: a deleted CV is removed from the local list. */
export function useDeleteCv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCv,
    onSuccess: (_result, cvId) => {
      queryClient.setQueryData<CvList>(queryKeys.cvs, (current) => {
        if (!current) return current;
        const cvs = current.cvs.filter((cv) => cv.id !== cvId);
        return { cvCount: cvs.length, cvs };
      });
    },
  });
}
