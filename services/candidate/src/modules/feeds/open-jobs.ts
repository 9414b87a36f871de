import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { CandidateDatabase } from '../../db';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JobsEb = ExpressionBuilder<CandidateDatabase & { j: CandidateDatabase['jobs'] }, any>;

/**
 * A job the public sees (feeds, alerts): live, and not past its expiry. One definition, so that a closed or
 * expired job leaves every feed and alert at once (docs/decisions/0381). `now` is the caller's clock.
 */
export function openJob(eb: JobsEb, now: Date): Expression<SqlBool> {
  // valid_through comes with the careers pages' migration (0013, docs/decisions/0371).
  return eb.and([eb('j.is_live', '=', true), sql<SqlBool>`j.valid_through > ${now}`]);
}

/** The keyword condition of a /jobs search (PostgreSQL full-text search, English stemming; PGlite alike). */
export function keywordMatch(q: string): Expression<SqlBool> {
  // The job's stored vector, as /jobs reads it (migration 0023).
  return sql<SqlBool>`j.search_vector @@ websearch_to_tsquery('english', ${q})`;
}
