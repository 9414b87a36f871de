/**
 * The candidate service's public entry point for the repository's scripts (db:migrate, start, bench):
 * what they may use without reaching into the service's files. Everything else is reached over HTTP.
 */
export { loadConfig } from './config';
export { migrationsFolder } from './app';
/** The job search's query and the database's types, for the bench's /jobs comparison (scripts/bench/job-search.ts). */
export { searchOpenJobs, searchOpenJobsQuery, type JobSearchFilters } from './modules/careers/careers.service';
export type { CandidateDatabase } from './db';
/** The employer digests, for the operator's `npm run employer-digest` (scripts/employer-digest.ts). */
export { sendDailyDigests } from './modules/employer-notifications/employer-notifications.worker';
