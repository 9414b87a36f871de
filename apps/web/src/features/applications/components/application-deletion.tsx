import type { JobApplication } from '@careers/contracts/candidate';
import { formatDate } from '../../../lib/format';

/** The sentence of an application's deletion date (docs/decisions/0440). */
export function deletionSentence(application: Pick<JobApplication, 'business' | 'deletesOn'>): string | null {
  if (!application.deletesOn) return null;
  return `${application.business.name} will delete this application and your CV on ${formatDate(application.deletesOn)}`;
}

/**
 * The deletion facts of an application, for its card and its page (inside their <dl>): the date once it is
 * known and the rule it follows, and the consent to be kept for other roles while it runs.
 */
export function ApplicationDeletionFacts({ application }: { application: JobApplication }) {
  const sentence = deletionSentence(application);
  const kept = application.keptForOtherRolesUntil;
  return (
    <>
      {sentence ? (
        <div className="application-card__deletion">
          <dt>Deletion</dt>
          <dd>
            {sentence}
            {application.deletionRule ? (
              <span className="application-card__rule"> ({application.deletionRule})</span>
            ) : null}
          </dd>
        </div>
      ) : null}
      {kept ? (
        <div>
          <dt>Kept for other roles</dt>
          <dd>
            You agreed that {application.business.name} keeps it for other roles until {formatDate(kept)}
          </dd>
        </div>
      ) : null}
    </>
  );
}
