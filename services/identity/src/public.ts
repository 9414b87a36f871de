/**
 * The identity service's public entry point for the repository's scripts (db:migrate, start, bench):
 * what they may use without reaching into the service's files. Everything else is reached over HTTP.
 */
export { loadConfig } from './config';
export { migrationsFolder } from './dependencies';
