/** The careers page and /jobs for `npm run bench` (issue 27 item 8): the pages a demo job leads to. */
export async function careersBenchPages(
  portalUrl: string,
  candidateUrl: string,
  jobId: string,
): Promise<[string, string][]> {
  const job = (await (await fetch(`${candidateUrl}/job/${encodeURIComponent(jobId)}`)).json()) as {
    businessSlug?: string;
  };
  const pages: [string, string][] = [['/jobs', `${portalUrl}/jobs`]];
  if (job.businessSlug)
    pages.unshift(['/careers/{slug}', `${portalUrl}/careers/${encodeURIComponent(job.businessSlug)}`]);
  return pages;
}
