/**
 * The candidate service's constants, without zod: the portal's first load reads them (docs/decisions/0220).
 * candidate.ts and candidate-api.ts re-export them beside the schemas.
 */

/** design.md §3: the upload limit, shown to candidates before they upload. */
export const CV_MAX_BYTES = 10 * 1024 * 1024;
export const CV_ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt'] as const;

/** How many CVs one candidate may keep; GET /cvs answers them all on one page by default. */
export const CV_MAX_COUNT = 20;

export const ALREADY_APPLIED = 'You have already applied for this job.';

/** The employer logo limit (PNG only). */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** POST /job-applications/{id}/withdraw: the reason is optional, at most this long. */
export const WITHDRAWAL_REASON_MAX = 500;

/** The application is no longer open: withdrawn already, or hired or not selected (nothing left to withdraw from). */
export const ALREADY_WITHDRAWN = 'You have already withdrawn this application.';
export const APPLICATION_CLOSED = 'This application is closed: the employer has made a final decision.';

/** GET /candidate/export: how many exports one candidate may make in an hour. */
export const DATA_EXPORTS_PER_HOUR = 3;
