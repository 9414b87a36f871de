/** The job's public apply page on this portal. */
export function applyLink(origin: string, jobId: string): string {
  return `${origin}/apply/${encodeURIComponent(jobId)}`;
}

/** The apply link for one job board: utm_source names the board, utm_campaign the job (applications keep both). */
export function trackedApplyLink(origin: string, jobId: string, board: string, jobTitle: string): string {
  const campaign = jobTitle
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const query = new URLSearchParams({ utm_source: board.trim(), utm_campaign: campaign || 'job' });
  return `${applyLink(origin, jobId)}?${query.toString()}`;
}
