import type { Job } from '@careers/contracts/candidate';
import type { ApplicationRecord } from '@careers/contracts/screening';
import { formatDateTime } from '../lib/format';
import { jobFacts } from '../lib/job-facts';
import './application-record.css';

/** The job's ad as it was when the candidate applied (docs/decisions/0401): its facts and its words, as text. */
export function RecordedAd({ record }: { record: ApplicationRecord }) {
  const { ad } = record;
  const facts = jobFacts({
    ...ad,
    id: record.applicationId,
    businessId: '',
    imageRelativeDirectory: '',
    isLive: true,
  } as Job);
  const paragraphs = ad.description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className="recorded-ad">
      <p className="recorded-ad__title">
        {ad.title} <span className="recorded-ad__business">at {ad.businessName}</span>
      </p>
      {facts.length > 0 ? (
        <dl className="recorded-ad__facts">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="recorded-ad__description">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/** The answers to the job's questions, each with the requirement it states and whether the answer meets it. */
export function RecordedAnswers({
  record,
  audience,
}: {
  record: ApplicationRecord;
  audience: 'candidate' | 'employer';
}) {
  if (record.answers.length === 0) return null;
  return (
    <ul className="recorded-answers">
      {record.answers.map((a) => (
        <li key={a.questionId}>
          <span className="recorded-answers__question">{a.question}</span>
          <span className="recorded-answers__answer">
            {a.answer ?? (audience === 'candidate' ? 'Not answered' : 'Not answered (optional)')}
          </span>
          {a.requirement ? (
            <span className={`recorded-answers__requirement${a.meetsRequirement === false ? ' is-unmet' : ''}`}>
              {a.meetsRequirement === false ? `Does not meet: ${a.requirement}` : `Meets: ${a.requirement}`}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The receipt's facts: when, which CV file (and its SHA-256). */
export function RecordedReceipt({ record }: { record: ApplicationRecord }) {
  return (
    <dl className="recorded-receipt">
      <div>
        <dt>Sent</dt>
        <dd>
          <time dateTime={record.appliedOn}>{formatDateTime(record.appliedOn)}</time>
        </dd>
      </div>
      <div>
        <dt>CV file</dt>
        <dd>{record.cvFileName ?? '-'}</dd>
      </div>
      <div>
        <dt>CV file’s SHA-256</dt>
        <dd className="recorded-receipt__hash">
          {record.cvSha256 ?? 'Not recorded (a CV uploaded before files were hashed)'}
        </dd>
      </div>
    </dl>
  );
}
