import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { businessDetailSchema, logoUploadResultSchema, type BusinessDetail } from '@careers/contracts/candidate-api';
import type { CreateBusiness, UpdateBusiness } from '@careers/contracts/employer';
import { toApiError } from '../../../lib/api-error';
import { http } from '../../../lib/http-client';

export const businessQueryKey = ['employer', 'business'] as const;

/** GET /business: the employer's business, or null when they have not created it yet (404). */
export async function getBusiness(): Promise<BusinessDetail | null> {
  try {
    const { data } = await http.candidate.get<unknown>('/business');
    return businessDetailSchema.parse(data);
  } catch (error) {
    if (toApiError(error).status === 404) return null;
    throw error;
  }
}

export const businessQueryOptions = () => queryOptions({ queryKey: businessQueryKey, queryFn: getBusiness });

export function useBusiness() {
  return useQuery(businessQueryOptions());
}

/** POST /business when there is none yet, else PUT /business. */
export function useSaveBusiness(exists: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateBusiness | UpdateBusiness) => {
      if (exists) await http.candidate.put('/business', body);
      else await http.candidate.post('/business', body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessQueryKey }),
  });
}

/** POST /business/logo (multipart, PNG): answers where the portal loads the logo from. */
export function useUploadLogo() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const { data } = await http.candidate.post<unknown>('/business/logo', form);
      return logoUploadResultSchema.parse(data);
    },
  });
}
