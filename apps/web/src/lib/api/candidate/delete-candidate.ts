import { http } from '../../http-client';

/** DELETE /candidate with the record's id: the candidate's data. */
export async function deleteCandidate(id: string): Promise<void> {
  await http.candidate.delete('/candidate', { data: { id } });
}
