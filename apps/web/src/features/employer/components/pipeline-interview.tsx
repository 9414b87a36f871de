import { dayIn, ownTimeZone, timeIn } from '../../../lib/interview-times';
import { useJobInterviews } from '../api/interviews';

/** An application's open interview on its pipeline card: invited, or booked for a time (the reader's zone). */
export function PipelineInterview({ jobId, applicationId }: { jobId: string; applicationId: string }) {
  const interview = useJobInterviews(jobId).data?.interviews.find((i) => i.applicationId === applicationId);
  if (!interview) return null;
  if (interview.status === 'invited' || !interview.startsAt) return <span>Invited to an interview</span>;
  const zone = ownTimeZone();
  return (
    <span>
      Interview{' '}
      <time
        dateTime={interview.startsAt}
      >{`${dayIn(interview.startsAt, zone)}, ${timeIn(interview.startsAt, zone)}`}</time>
    </span>
  );
}
