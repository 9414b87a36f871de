import { useQuery } from '@tanstack/react-query';
import { getDeletedApplications } from '../../../lib/api/candidate/retention';
import { formatDate } from '../../../lib/format';

/**
 * A job's deleted applications in the console (docs/decisions/0441): "Deleted on {date}" where the
 * candidate was, and why; nothing of the candidate is left to show.
 */
export function DeletedApplications({ jobId }: { jobId: string }) {
  const deleted = useQuery({
    queryKey: ['employer', 'deleted-applications', jobId],
    queryFn: () => getDeletedApplications(jobId),
  });
  if (!deleted.data || deleted.data.length === 0) return null;
  return (
    <section className="employer-deleted" aria-labelledby="deleted-applications-title">
      <h3 id="deleted-applications-title">Deleted applications</h3>
      <ul className="employer-list">
        {deleted.data.map((d) => (
          <li key={d.id} className="employer-application card">
            <p className="employer-application__name">Deleted on {formatDate(d.deletedOn)}</p>
            <p className="employer-job__facts">
              {d.reason === 'retention'
                ? 'Your retention rule deleted it.'
                : 'The candidate deleted their CV at your business.'}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
