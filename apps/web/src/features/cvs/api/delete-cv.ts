import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CvList } from '@careers/contracts/candidate';
import { deleteCv } from '../../../lib/api/candidate/delete-cv';
import { queryKeys } from '../../../lib/query-keys';

/**
 * product.md §4: a deleted CV is removed from the local list. A business under a legal hold may keep a copy of
 * it: the answer says so, and the page names it (docs/decisions/0494).
 */
export function useDeleteCv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCv,
    onSuccess: (result, cvId) => {
      queryClient.setQueryData<CvList>(queryKeys.cvs, (current) => {
        if (!current) return current;
        const cvs = current.cvs.filter((cv) => cv.id !== cvId);
        const heldCopies = [...(current.heldCopies ?? []), ...(result.heldCopies ?? [])];
        return { cvCount: cvs.length, cvs, ...(heldCopies.length > 0 ? { heldCopies } : {}) };
      });
    },
  });
}
