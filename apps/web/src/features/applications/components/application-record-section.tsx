import { useQuery } from '@tanstack/react-query';
import type { JobApplicationDetail } from '@careers/contracts/candidate-api';
import { RecordedAd, RecordedAnswers, RecordedReceipt } from '../../../components/application-record';
import { getOwnApplicationRecord } from '../../../lib/api/candidate/application-records';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The ad as the candidate saw it when applying, and the receipt: the date, the CV file and its SHA-256, the
 * answers (docs/decisions/0401). Readable after the job is edited or closed. Nothing for an application sent
 * before receipts were kept.
 */
export function ApplicationRecordSection({ application }: { application: Pick<JobApplicationDetail, 'id'> }) {
  const query = useQuery({
    queryKey: [...queryKeys.jobApplication(application.id), 'record'],
    queryFn: () => getOwnApplicationRecord(application.id),
  });
  const record = query.data?.record;
  if (!record) return null;
  return (
    <section className="card application-record" aria-labelledby="application-record-title">
      <h2 id="application-record-title">Your receipt</h2>
      <RecordedReceipt record={record} />
      {record.answers.length > 0 ? (
        <>
          <h3>Your answers</h3>
          <RecordedAnswers record={record} audience="candidate" />
        </>
      ) : null}
      <h3>The ad as you saw it</h3>
      <p className="muted">
        {record.adChangedSince
          ? 'The employer has changed the ad since you applied. This is the ad you applied to.'
          : 'The ad has not changed since you applied.'}
      </p>
      <RecordedAd record={record} />
    </section>
  );
}
