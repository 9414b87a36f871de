import { useState } from 'react';
import { TextInput } from '../../../components/text-input';
import { useEmployerJob } from '../api/jobs';
import { applyLink, trackedApplyLink } from '../share-links';
import { ApplyQrCode } from './apply-qr-code';
import { CopyLink } from './copy-link';
import { JobHeader } from './job-header';
import { JobNumbers } from './job-numbers';
import { JobAsCandidatesSeeIt } from './job-preview';
import { JobReach } from './job-reach';
import { SourceFunnelSection } from './source-funnel';

/** The stored source of the QR code's applications (docs/decisions/0383's closed set). */
const QR_CODE_SOURCE = 'qr-code';

function ShareLinks({ jobId, title }: { jobId: string; title: string }) {
  const [board, setBoard] = useState('');
  return (
    <section className="card employer-share" aria-labelledby="share-title">
      <h2 id="share-title">Share this job</h2>
      <CopyLink label="Apply link" url={applyLink(window.location.origin, jobId)} />
      <ApplyQrCode url={trackedApplyLink(window.location.origin, jobId, QR_CODE_SOURCE, title)} />
      <TextInput
        label="Job board"
        hint="Name a board to get a link whose applications say they came from it"
        value={board}
        onChange={(event) => setBoard(event.currentTarget.value)}
      />
      {board.trim() ? (
        <CopyLink
          label={`Apply link for ${board.trim()}`}
          url={trackedApplyLink(window.location.origin, jobId, board, title)}
        />
      ) : null}
    </section>
  );
}

/**
 * /employer/jobs/{id}/publishing, the job's second tab: sharing it, where it is published and what each board
 * needs, its numbers and where its applications came from, and the job as candidates see it.
 */
export function JobPublishingPage({ jobId }: { jobId: string }) {
  const job = useEmployerJob(jobId);
  return (
    <section className="page employer-page" aria-labelledby="job-title">
      <JobHeader jobId={jobId} section="publishing" />
      {job.data ? <ShareLinks jobId={jobId} title={job.data.title} /> : null}
      {job.data ? <JobReach jobId={jobId} /> : null}
      {job.data ? <JobNumbers jobId={jobId} /> : null}
      {job.data ? <SourceFunnelSection jobId={jobId} title="Where hires come from" /> : null}
      {job.data ? <JobAsCandidatesSeeIt job={job.data} /> : null}
    </section>
  );
}
