import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { JobType } from '@careers/contracts/enum-values';
import type { CandidateDatabase } from '../../db';
import { keywordMatch } from '../feeds/open-jobs';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JobsEb = ExpressionBuilder<CandidateDatabase & { j: CandidateDatabase['jobs'] }, any>;

const yes = (value: string | null) => value !== null && /^(1|true|yes|on)$/i.test(value);

/**
 * The conditions of a saved /jobs search (its canonical query string, contracts canonicalJobSearch) on jobs
 * aliased `j`: the keywords over title and description, a place (city, state, region or post code), remote,
 * full or part time (hours), contract type and "salary shown". Unknown values match nothing rather than everything.
 */
export function searchMatches(eb: JobsEb, search: string): Expression<SqlBool> {
  const query = new URLSearchParams(search);
  const all: Expression<SqlBool>[] = [];
  const q = query.get('q');
  if (q) all.push(keywordMatch(q));
  const location = query.get('location');
  if (location) {
    const like = `%${location.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(
      eb.or([
        eb('j.city', 'ilike', like),
        eb('j.state', 'ilike', like),
        eb('j.region', 'ilike', like),
        eb('j.postcode', 'ilike', like),
      ]),
    );
  }
  if (yes(query.get('remote'))) all.push(eb('j.workplace', '=', 'Remote'));
  const hours = query.get('hours')?.toLowerCase();
  if (hours === 'full') all.push(eb('j.full_time', '=', true));
  else if (hours === 'part') all.push(eb('j.part_time', '=', true));
  else if (hours) all.push(sql<SqlBool>`false`);
  const contract = query.get('contract')?.toLowerCase();
  if (contract === 'permanent' || contract === String(JobType.Permanent))
    all.push(eb('j.job_type', '=', JobType.Permanent));
  else if (contract === 'contract' || contract === String(JobType.Contract))
    all.push(eb('j.job_type', '=', JobType.Contract));
  else if (contract) all.push(sql<SqlBool>`false`);
  if (yes(query.get('salary')))
    all.push(eb.or([eb('j.salary_amount', 'is not', null), eb('j.salary_from', 'is not', null)]));
  return eb.and(all);
}

/** The words a person reads for a saved search: "nurse, Leeds, remote, full time". */
export function searchInWords(search: string): string {
  const query = new URLSearchParams(search);
  const words: string[] = [];
  const q = query.get('q');
  if (q) words.push(`"${q}"`);
  const location = query.get('location');
  if (location) words.push(`in ${location}`);
  if (yes(query.get('remote'))) words.push('remote');
  const hours = query.get('hours')?.toLowerCase();
  if (hours === 'full') words.push('full time');
  if (hours === 'part') words.push('part time');
  const contract = query.get('contract')?.toLowerCase();
  if (contract === 'permanent' || contract === '1') words.push('permanent');
  if (contract === 'contract' || contract === '2') words.push('contract');
  if (yes(query.get('salary'))) words.push('salary shown');
  return words.length > 0 ? words.join(', ') : 'all jobs';
}
