import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Candidate, CandidateUpdate } from '@careers/contracts/candidate';
import { authStore } from '../../../lib/auth-store';
import { updateCandidate } from '../../../lib/api/candidate/update-candidate';
import { updateUser } from '../../../lib/api/identity/update-user';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Saves the candidate record, then (product.md §4: when both are set) the account's name and phone, and keeps
 * the stored auth in step so the shell shows the new name at once.
 */
export async function updateProfile(body: CandidateUpdate): Promise<void> {
  await updateCandidate(body);
  if (body.name.trim() && body.phoneNumber.trim()) {
    await updateUser({ name: body.name, phone: body.phoneNumber });
    const auth = authStore.get();
    authStore.set({ ...auth, name: body.name, phone: body.phoneNumber });
  }
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (_result, body) => {
      queryClient.setQueryData<Candidate>(queryKeys.candidate, (current) =>
        current ? { ...current, name: body.name, phoneNumber: body.phoneNumber, postcode: body.postcode } : current,
      );
    },
  });
}
