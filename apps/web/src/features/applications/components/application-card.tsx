import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { JobApplication, StatusChange } from '@careers/contracts/candidate';
import { Badge } from '../../../components/badge';
import { formatDate, formatDateTime } from '../../../lib/format';
import { describeApplicationStatus } from '../application-status';
import { WITHDRAWN_STEP, canWithdraw, isWithdrawn } from '../withdrawal';
import { applicationBadge, closeLine, waitingQuestion } from '../application-story';
import { WithdrawApplication } from './withdraw-application';
import { FileName } from '../../../components/file-name';
import { applicationPath } from '../../../lib/paths';
import { ReplyFacts, TimelineReason } from './application-reply';
import { ApplicationDeletionFacts } from './application-deletion';

/** The status timeline, newest first; without a recorded history, the current status since applying. */
export function statusTimeline(application: JobApplication): StatusChange[] {
  const history = application.statusHistory?.length
    ? [...application.statusHistory]
    : [{ applicationStatus: application.applicationStatus, changedOn: application.appliedOn }];
  return history.sort((a, b) => Date.parse(b.changedOn) - Date.parse(a.changedOn));
}

/** The timeline's steps (its <li>s), newest first: on the card and on the application's page. */
export function StatusTimelineSteps({ application }: { application: JobApplication }) {
  return (
    <>
      {statusTimeline(application).map((change, index) => (
        <li key={`${change.applicationStatus}-${change.changedOn}-${index}`}>
          <span className="application-card__step">
            {change.withdrawn ? WITHDRAWN_STEP : describeApplicationStatus(change.applicationStatus).label}
            <TimelineReason change={change} />
          </span>
          <time dateTime={change.changedOn}>{formatDateTime(change.changedOn)}</time>
        </li>
      ))}
    </>
  );
}

/** An application's facts: on its card in /applications and on its own page. */
export function ApplicationFacts({
  application,
  consentLine = true,
}: {
  application: JobApplication;
  /** False on the page, whose consent section says it (docs/decisions/0547). */
  consentLine?: boolean;
}) {
  return (
    <dl className="list-card__facts application-card__facts">
      <div>
        <dt>Applied</dt>
        <dd>{formatDate(application.appliedOn)}</dd>
      </div>
      <div>
        <dt>CV used</dt>
        <dd>
          {application.appliedWithCvFileName ? (
            <FileName name={application.appliedWithCvFileName} />
          ) : application.appliedWithCvId ? (
            'A CV you have since deleted'
          ) : (
            '-'
          )}
        </dd>
      </div>
      {application.appliedWithCvId ? (
        <div>
          {/* Who opened my CV (docs/decisions/0390): the business and the date, never the person. */}
          <dt>CV opened</dt>
          <dd>
            {application.cvOpenedOn
              ? `Opened by ${application.business.name} on ${formatDate(application.cvOpenedOn)}`
              : `Not opened by ${application.business.name} yet`}
          </dd>
        </div>
      ) : null}
      {application.withdrawnOn ? (
        <div>
          <dt>Withdrawn</dt>
          <dd>{formatDate(application.withdrawnOn)}</dd>
        </div>
      ) : null}
      {application.withdrawalReason ? (
        <div className="application-card__reason">
          <dt>Your reason</dt>
          <dd>{application.withdrawalReason}</dd>
        </div>
      ) : null}
      <ReplyFacts application={application} />
      <ApplicationDeletionFacts application={application} consentLine={consentLine} />
    </dl>
  );
}

/**
 * One application. `focused`: the application a status e-mail linked to (/applications?application={id}): its
 * progress is open and in view. `canApplyAgain` (the list knows whether a newer open application to the same
 * job exists) offers the way back to the job once this one is withdrawn.
 */
export function ApplicationCard({
  application,
  focused = false,
  canApplyAgain = false,
}: {
  application: JobApplication;
  focused?: boolean;
  canApplyAgain?: boolean;
}) {
  const titleId = useId();
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focused) cardRef.current?.scrollIntoView?.({ block: 'start' });
  }, [focused]);
  const withdrawn = isWithdrawn(application);
  // Withdrawing removes the Withdraw button that had the focus (and its dialog): the focus would fall to
  // the page's body, and keyboard and screen-reader users would lose their place. It goes to this card's
  // heading instead, from where its new state reads next.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasWithdrawn = useRef(withdrawn);
  useEffect(() => {
    if (withdrawn && !wasWithdrawn.current) {
      const active = document.activeElement;
      if (!active || active === document.body || cardRef.current?.contains(active)) headingRef.current?.focus();
    }
    wasWithdrawn.current = withdrawn;
  }, [withdrawn]);
  const status = applicationBadge(application);
  const line = closeLine(application);
  const question = waitingQuestion(application);
  const place = [application.business.name, application.job.city ?? application.business.city]
    .filter(Boolean)
    .join(' · ');
  return (
    <li>
      <article
        ref={cardRef}
        className={focused ? 'list-card application-card application-card--focused' : 'list-card application-card'}
        aria-labelledby={titleId}
        aria-current={focused || undefined}
      >
        <header className="application-card__header">
          <div>
            <h2 id={titleId} ref={headingRef} tabIndex={-1} className="list-card__title application-card__title">
              {/* Back to the job (issue 12 item 4), loaded from the server so its details come with it (0171); a closed job's page says it is closed. */}
              <a className="application-card__job-link" href={`/apply/${encodeURIComponent(application.job.jobId)}`}>
                {application.job.title}
              </a>
            </h2>
            <p className="list-card__subtitle application-card__place">{place}</p>
          </div>
          <Badge tone={status.tone} srPrefix="Status:">
            {status.label}
          </Badge>
        </header>
        {line ? <p className="application-card__story">{line}</p> : null}
        {question ? (
          <p className="application-card__question">
            <strong>{question.text}</strong>{' '}
            <Link to={question.to}>
              {question.link}
              <span className="visually-hidden"> for {application.job.title}</span>
            </Link>
          </p>
        ) : null}
        <ApplicationFacts application={application} />
        <p className="application-card__open">
          <Link to={applicationPath(application.id)}>
            Open application<span className="visually-hidden"> for {application.job.title}</span>
          </Link>
        </p>
        <details className="application-card__timeline" open={focused || undefined}>
          <summary>
            Progress<span className="visually-hidden"> of your application for {application.job.title}</span>
          </summary>
          <ol>
            <StatusTimelineSteps application={application} />
          </ol>
        </details>
        {canWithdraw(application) || (withdrawn && canApplyAgain && application.job.isLive) ? (
          <div className="application-card__actions">
            {canWithdraw(application) ? <WithdrawApplication application={application} /> : null}
            {withdrawn && canApplyAgain && application.job.isLive ? (
              <Link
                className="application-card__apply-again"
                aria-label={`Apply again for ${application.job.title}`}
                to={`/apply/${encodeURIComponent(application.job.jobId)}`}
              >
                Apply again
              </Link>
            ) : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}
