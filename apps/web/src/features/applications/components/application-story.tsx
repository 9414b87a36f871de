import type { JobApplication } from '@careers/contracts/candidate';
import { closeLine, waitingQuestion } from '../application-story';

/**
 * The top of the application's page (docs/decisions/0547): what happened to the job in one line, then the one
 * question that waits for the candidate, linked to where it is answered below. Nothing when neither applies.
 */
export function ApplicationStory({ application }: { application: JobApplication }) {
  const line = closeLine(application);
  const question = waitingQuestion(application);
  if (!line && !question) return null;
  return (
    <div className="application-page__story">
      {line ? <p className="application-page__story-line">{line}</p> : null}
      {question ? (
        <p className="application-page__question">
          <strong>{question.text}</strong> <a href={`#${question.to.split('#')[1]}`}>{question.link}</a>
        </p>
      ) : null}
    </div>
  );
}
