import { useEffect, useState } from 'react';
import type { Job } from '@careers/contracts/candidate';
import type { JobFact } from '../lib/job-facts';
import './job-details.css';

const FOLDED_DESCRIPTION_LENGTH = 280;

/**
 * What the candidate decides on (issue 12 item 4): place, workplace, hours, contract, salary and the
 * description. Rendered by the server in the first paint. A long description is folded on phones behind
 * 'Show more', a checkbox and CSS (no script), so it works before the page's JavaScript has arrived and
 * hydration changes nothing; wider screens show it whole.
 */
export function JobDetails({ job, facts: serverFacts }: { job: Job; facts?: JobFact[] }) {
  // The facts in words come with the server-rendered page (0171); a page rendered in the browser words them
  // once job-facts.ts has loaded (a chunk of its own, outside the apply page's first JavaScript).
  const [loadedFacts, setLoadedFacts] = useState<JobFact[] | null>(null);
  useEffect(() => {
    if (serverFacts) return;
    let current = true;
    import('../lib/job-facts').then(
      ({ jobFacts }) => current && setLoadedFacts(jobFacts(job)),
      () => undefined, // The chunk did not load: the description still shows, the facts stay out.
    );
    return () => {
      current = false;
    };
  }, [job, serverFacts]);
  const facts = serverFacts ?? loadedFacts ?? [];
  // Paragraphs at blank lines; shown as text, never as HTML.
  const paragraphs = job.description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  // Not useId: the server (React) and the browser (Preact) would number it differently.
  const foldId = `job-description-fold-${job.id}`;
  const folded = job.description.length > FOLDED_DESCRIPTION_LENGTH;
  return (
    <section className="job-details">
      {facts.length > 0 ? (
        <dl className="job-details__facts">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {paragraphs.length > 0 ? (
        <div
          className={
            folded ? 'job-details__description job-details__description--foldable' : 'job-details__description'
          }
        >
          {folded ? <input id={foldId} className="job-details__unfold" type="checkbox" /> : null}
          <div className="job-details__text">
            {paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          {folded ? (
            <label className="job-details__toggle" htmlFor={foldId}>
              <span className="job-details__more">Show more</span>
              <span className="job-details__less">Show less</span>
            </label>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
