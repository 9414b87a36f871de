/**
 * Demo employers, logos and jobs through the real APIs (registration + employer API).
 * Filled in by the candidate service's employer API work; until then it creates nothing.
 */
export interface SeedOptions {
  identityUrl: string;
  candidateUrl: string;
  portalUrl: string;
  onlyIfEmpty: boolean;
}

export async function seedDemo(_options: SeedOptions): Promise<string[]> {
  return [];
}
