import type { JobApplication } from '@careers/contracts/candidate';
import { formatDate } from '../../../lib/format';

/** The sentence of an application's deletion date (docs/decisions/0440). */
export function deletionSentence(application: Pick<JobApplication, 'business' | 'deletesOn'>): string | null {
  if (!application.deletesOn) return null;
  return `${application.business.name} will delete this application and your CV on ${formatDate(application.deletesOn)}`;
}

/**
 * The deletion facts of an application, for its card and its page (inside their <dl>), as one line with one
 * date (docs/decisions/0547): the deletion date once it is known, with the consent as its reason when the
 * consent is what sets it, else the rule; before that, the consent's own date. The page leaves the consent
 * to its own section (`consentLine` false), which says the same date and offers the withdrawal.
 */
export function ApplicationDeletionFacts({
  application,
  consentLine = true,
}: {
  application: JobApplication;
  consentLine?: boolean;
}) {
  const sentence = deletionSentence(application);
  const kept = application.keptForOtherRolesUntil;
  const consentSetsDate = Boolean(
    kept && application.deletesOn && Date.parse(kept) === Date.parse(application.deletesOn),
  );
  if (sentence)
    return (
      <div className="application-card__deletion">
        <dt>Deletion</dt>
        <dd>
          {sentence}
          {consentSetsDate ? (
            <span className="application-card__rule"> (kept for other roles until then, as you agreed)</span>
          ) : application.deletionRule ? (
            <span className="application-card__rule"> ({application.deletionRule})</span>
          ) : null}
        </dd>
      </div>
    );
  if (!kept || !consentLine) return null;
  return (
    <div>
      <dt>Kept for other roles</dt>
      <dd>
        You agreed that {application.business.name} keeps it for other roles until {formatDate(kept)}
      </dd>
    </div>
  );
}
