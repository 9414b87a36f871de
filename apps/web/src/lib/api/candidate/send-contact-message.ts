import type { ContactMessage } from '@careers/contracts/candidate';
import { http } from '../../http-client';

/** POST /api/contact/contact: answers 200 with no body. */
export async function sendContactMessage(body: ContactMessage): Promise<void> {
  await http.candidate.post('/api/contact/contact', body);
}
