import { useMutation } from '@tanstack/react-query';
import { sendContactMessage } from '../../../lib/api/candidate/send-contact-message';

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
