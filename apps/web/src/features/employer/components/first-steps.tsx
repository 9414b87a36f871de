import { Link } from 'react-router';
import type { FirstSteps } from '@careers/contracts/employer';
import { employerPaths } from '../paths';
import './first-hour.css';

interface Step {
  label: string;
  to: string;
  /** What is left, in words, or null when the step is done. */
  left: (steps: FirstSteps) => string | null;
}

const toDo = (done: boolean) => (done ? null : 'To do');

/** The first hour of a new business, in the order Workable and Teamtailor open with (docs/decisions/0496). */
const STEPS: Step[] = [
  {
    label: 'Add your business details and logo',
    to: employerPaths.business,
    left: ({ businessDetails, logo }) => {
      if (businessDetails && logo) return null;
      if (businessDetails) return 'To do: the logo';
      return logo ? 'To do: city and phone' : 'To do';
    },
  },
  { label: 'Write your careers page', to: employerPaths.business, left: (s) => toDo(s.careersPage) },
  { label: 'Post your first job', to: employerPaths.newJob, left: (s) => toDo(s.firstJob) },
  { label: 'Invite a colleague', to: employerPaths.team, left: (s) => toDo(s.colleagueInvited) },
  { label: 'Set your interview hours', to: employerPaths.interviews, left: (s) => toDo(s.interviewHours) },
  { label: 'Choose how long you keep applications', to: employerPaths.business, left: (s) => toDo(s.retentionRule) },
];

/** The steps with what is left of each; null once every one is done (the checklist is then gone). */
export function stepsLeft(steps: FirstSteps): { label: string; to: string; left: string | null }[] | null {
  const items = STEPS.map((step) => ({ label: step.label, to: step.to, left: step.left(steps) }));
  return items.every((item) => item.left === null) ? null : items;
}

/**
 * The owner's checklist on the console's home: it stays until every step is done, each marked from the
 * business's own data (GET /business/first-steps). Its state is in words in each item, not in the colour
 * or the mark alone.
 */
export function FirstStepsChecklist({ items }: { items: NonNullable<ReturnType<typeof stepsLeft>> }) {
  const done = items.filter((item) => item.left === null).length;
  return (
    <section className="card employer-first-steps" aria-labelledby="first-steps-title">
      <h2 id="first-steps-title">Your first hour</h2>
      <p className="employer-first-steps__progress" id="first-steps-progress">
        {done} of {items.length} done. This list stays here until each step is.
      </p>
      <ol className="employer-first-steps__list" aria-describedby="first-steps-progress">
        {items.map((item) => (
          <li
            key={item.label}
            className={`employer-first-steps__item ${item.left === null ? 'employer-first-steps__item--done' : ''}`}
          >
            <span className="employer-first-steps__mark" aria-hidden="true">
              {item.left === null ? '✓' : ''}
            </span>
            <Link to={item.to}>{item.label}</Link>
            <span className="employer-first-steps__state">{item.left ?? 'Done'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
