import type { BotCheckChallenge } from '@careers/contracts/identity';
import type { CvAutofill } from '@careers/contracts/candidate-api';
import { candidatePublicClient } from '../../lib/candidate-public-client';
import { solveChallenge } from '../../lib/bot-check-solver';

/**
 * Issue 12 item 17, loaded only when a CV is chosen on the apply page (never in its first chunks): solve
 * the candidate service's bot check, send the file, and answer what the CV says about its owner. The
 * service reads the file and keeps nothing (docs/decisions/0176).
 */
export async function readCvFields(file: File, signal?: AbortSignal): Promise<CvAutofill> {
  const { data: challenge } = await candidatePublicClient.get<BotCheckChallenge>('/cv-autofill/challenge', { signal });
  const token = await solveChallenge(challenge, signal);
  const form = new FormData();
  // The token before the file: the service checks it before it reads a byte of the file.
  form.append('token', token);
  form.append('file', file, file.name);
  const { data } = await candidatePublicClient.post<CvAutofill>('/cv-autofill', form, { signal });
  return data;
}

export type AutofillField = 'name' | 'email' | 'phone';

/** The form's values from a CV's fields: the name is one field on the apply form. */
export function autofillValues(fields: CvAutofill): Partial<Record<AutofillField, string>> {
  const name = [fields.firstName, fields.lastName].filter(Boolean).join(' ').trim();
  return {
    ...(name ? { name } : {}),
    ...(fields.email ? { email: fields.email } : {}),
    ...(fields.phone ? { phone: fields.phone } : {}),
  };
}
