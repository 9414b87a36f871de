import { useQuery } from '@tanstack/react-query';
import { RecordedAd, RecordedAnswers, RecordedReceipt } from '../../../components/application-record';
import { getBusinessApplicationRecord } from '../../../lib/api/candidate/application-records';
import { employerQueryKeys } from '../api/query-keys';

/**
 * The answers to the job's screening questions with a plain "Does not meet: …" for each requirement not met
 * (nothing is rejected automatically), the version of the ad the candidate applied to and whether it changed
 * since, and the receipt (docs/decisions/0400, 0401).
 */
export function ApplicationRecordSection({ applicationId }: { applicationId: string }) {
  const query = useQuery({
    queryKey: [...employerQueryKeys.application(applicationId), 'record'],
    queryFn: () => getBusinessApplicationRecord(applicationId),
  });
  const record = query.data?.record;
  if (!record) return null;
  return (
    <section className="card application-record" aria-labelledby="application-record-title">
      <h2 id="application-record-title">Answers and the ad applied to</h2>
      {record.doesNotMeet.length > 0 ? (
        <ul className="application-record__unmet">
          {record.doesNotMeet.map((words) => (
            <li key={words}>Does not meet: {words}</li>
          ))}
        </ul>
      ) : record.answers.length > 0 ? (
        <p>Meets every requirement the job’s questions state.</p>
      ) : null}
      <p className="muted">This is for you to weigh: the application was not turned away for any answer.</p>
      {record.answers.length > 0 ? (
        <>
          <h3>Answers</h3>
          <RecordedAnswers record={record} audience="employer" />
        </>
      ) : null}
      <h3>Version {record.adVersion} of the ad</h3>
      <p className="muted">
        {record.adChangedSince
          ? 'The ad has changed since this candidate applied; below is the version they applied to.'
          : 'The ad has not changed since this candidate applied.'}
      </p>
      <RecordedAd record={record} />
      <h3>Receipt</h3>
      <RecordedReceipt record={record} />
    </section>
  );
}
