import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '@careers/contracts/candidate';
import { http } from '../../../lib/http-client';

/** POST /api/contact/contact: answers 200 with no body. */
export async function sendContactMessage(body: ContactMessage): Promise<void> {
  await http.candidate.post('/api/contact/contact', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
