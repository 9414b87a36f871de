import type { CreateBusiness } from '@careers/contracts/employer';
import { candidatePublicClient } from '../../candidate-public-client';
import { http } from '../../http-client';

/**
 * POST /business as the signed-in employer, or, given an access token, as the user it names without
 * keeping that session (the employer sign-up creates the business with its registration's token).
 */
export async function createBusiness(body: CreateBusiness, options: { accessToken?: string } = {}): Promise<void> {
  if (options.accessToken)
    await candidatePublicClient.post('/business', body, {
      headers: { Authorization: `Bearer ${options.accessToken}` },
    });
  else await http.candidate.post('/business', body);
}
