/**
 * The /jobs page's URL query (docs/decisions/0372): every filter is in it, so a search can be shared. The
 * same keys go to the candidate service's GET /jobs. Pure: the portal's server and the page both use it.
 */
export interface JobSearchParams {
  q: string;
  location: string;
  remote: boolean;
  hours: '' | 'full' | 'part';
  contract: '' | 'permanent' | 'contract';
  salary: boolean;
  page: number;
}

const MAX_PAGE = 500;

/** The search a URL query asks for; what it cannot mean is left out, so a mistyped link still searches. */
export function readJobSearch(search: string | URLSearchParams): JobSearchParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const text = (key: string, max: number) => (params.get(key) ?? '').trim().slice(0, max);
  const hours = params.get('hours');
  const contract = params.get('contract');
  const page = Number(params.get('page') ?? '1');
  return {
    q: text('q', 200),
    location: text('location', 100),
    remote: params.get('remote') === '1',
    hours: hours === 'full' || hours === 'part' ? hours : '',
    contract: contract === 'permanent' || contract === 'contract' ? contract : '',
    salary: params.get('salary') === '1',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The search as a URL query in one order ('' for every open job, first page): the page's and the service's. */
export function jobSearchQuery(params: JobSearchParams, page = params.page): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.location) query.set('location', params.location);
  if (params.remote) query.set('remote', '1');
  if (params.hours) query.set('hours', params.hours);
  if (params.contract) query.set('contract', params.contract);
  if (params.salary) query.set('salary', '1');
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** True when the search narrows the list at all (then its empty state says so). */
export function isFiltered(params: JobSearchParams): boolean {
  return jobSearchQuery({ ...params, page: 1 }) !== '';
}
