import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cvDeleteResultSchema, type CvDeleteResult, type CvList } from '@careers/contracts/candidate';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../lib/query-keys';

export async function deleteCv(cvId: string): Promise<CvDeleteResult> {
  const { data } = await http.candidate.delete<unknown>(`/cvs/${encodeURIComponent(cvId)}`);
  return cvDeleteResultSchema.parse(data);
}

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
