/** react-query keys shared by startup and the feature pages that show the same data. */
export const queryKeys = {
  candidate: ['candidate'] as const,
  cvs: ['cvs'] as const,
  startup: (userId: string) => ['startup', userId] as const,
};
