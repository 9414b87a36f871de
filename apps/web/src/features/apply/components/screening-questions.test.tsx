import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cv, Job } from '@careers/contracts/candidate';
import type { ScreeningQuestion } from '@careers/contracts/screening-values';
import { applicationPayload } from '../utils/tracking';
import type { ApplyTarget } from '../apply-flow';
import { CvSelectionStep } from './cv-selection-step';
import { screeningResult } from './screening-questions';
import { ANSWER_THE_QUESTIONS_FIRST, useScreening } from './use-screening';

const questions: ScreeningQuestion[] = [
  { id: 'licence', kind: 'yesNo', text: 'Do you hold a UK driving licence?', required: true, expected: true },
  {
    id: 'shift',
    kind: 'oneOf',
    text: 'Which shift?',
    required: false,
    options: ['Early', 'Late'],
    accepted: ['Early'],
  },
  { id: 'years', kind: 'number', text: 'Years of experience?', required: true, min: 2 },
  { id: 'note', kind: 'text', text: 'Anything else?', required: false },
];
const job: Job = {
  id: '7d1f2c3a-0000-4000-8000-000000000001',
  businessId: '7d1f2c3a-0000-4000-8000-000000000002',
  businessName: 'Leeds Vans',
  imageRelativeDirectory: 'x',
  title: 'Van driver',
  description: '',
  isLive: true,
  screeningQuestions: questions,
};
const cvs: Cv[] = [
  {
    id: '7d1f2c3a-0000-4000-8000-000000000003',
    fileName: 'cv.pdf',
    contentType: 'application/pdf',
    createdOn: '2026-01-01T00:00:00Z',
    cvParseStatus: 'Parsed',
  } as Cv,
];

/** The CV selection step as ApplySteps wires it: the questions before Apply, the guard, the answers in the payload. */
function Selection({ onApply, theJob = job }: { onApply: (target: ApplyTarget) => void; theJob?: Job }) {
  const [alert, setAlert] = useState<string | null>(null);
  const screening = useScreening(theJob, false);
  return (
    <CvSelectionStep
      headingRef={null}
      cvs={cvs}
      model={{ selectedCv: cvs[0]!.id, newCv: null }}
      jobIsLive
      busy={false}
      redirecting={false}
      alert={alert}
      onAlertChange={setAlert}
      onSelect={() => {}}
      onNewCv={() => {}}
      screening={screening.block}
      onApply={() => screening.guard(() => onApply(screening.withAnswers({ job: theJob, tracking: {} })))}
      onLogout={() => {}}
    />
  );
}

describe('screening questions on the apply form', () => {
  it('shows every question, whether it must be answered, every requirement and what happens if it is not met, before Apply', async () => {
    render(<Selection onApply={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Questions from Leeds Vans' })).toBeInTheDocument();
    const licence = screen.getByRole('group', { name: 'Do you hold a UK driving licence? (required)' });
    expect(licence).toHaveAccessibleDescription(
      'Required for this job: Yes. You can still apply if you do not meet it: the employer will see that you do not.',
    );
    expect(screen.getByRole('group', { name: 'Which shift? (optional)' })).toHaveAccessibleDescription(
      /Required for this job: Early\./,
    );
    expect(screen.getByLabelText('Years of experience? (required)')).toHaveAccessibleDescription(
      /Required for this job: at least 2\./,
    );
    expect(screen.getByLabelText('Anything else? (optional)')).not.toHaveAttribute('aria-describedby');
    // The questions come before the button that sends.
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(licence.compareDocumentPosition(apply) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('holds Apply until the required questions are answered, then sends an answer that does not meet the requirement', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<Selection onApply={onApply} />);
    await screen.findByRole('heading', { name: 'Questions from Leeds Vans' });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Answer the question "Do you hold a UK driving licence?".');

    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.type(screen.getByLabelText('Years of experience? (required)'), 'one');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Answer "Years of experience?" with a number.');

    await user.clear(screen.getByLabelText('Years of experience? (required)'));
    await user.type(screen.getByLabelText('Years of experience? (required)'), '1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    const target = onApply.mock.calls[0]![0] as ApplyTarget;
    expect(applicationPayload(job.id, cvs[0]!.id, target.tracking, target.screeningAnswers)).toEqual({
      jobId: job.id,
      cvId: cvs[0]!.id,
      readyToWork: true,
      screeningAnswers: [
        { questionId: 'licence', value: false },
        { questionId: 'years', value: 1 },
      ],
    });
  });

  it('a job without questions shows none and sends no answers', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<Selection onApply={onApply} theJob={{ ...job, screeningQuestions: undefined }} />);
    expect(screen.queryByText(/Questions from/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      applicationPayload(job.id, 'cv', onApply.mock.calls[0]![0].tracking, onApply.mock.calls[0]![0].screeningAnswers),
    ).toEqual({
      jobId: job.id,
      cvId: 'cv',
      readyToWork: true,
    });
  });

  it('reads what was typed as the answers to send', () => {
    expect(screeningResult(questions, { licence: true, years: ' 3 ', note: '  ', shift: 'Late' })).toEqual({
      answers: [
        { questionId: 'licence', value: true },
        { questionId: 'shift', value: 'Late' },
        { questionId: 'years', value: 3 },
      ],
      problem: null,
    });
    expect(ANSWER_THE_QUESTIONS_FIRST).toMatch(/questions/);
  });
});

describe('the consent to be kept for other roles, on the apply form (docs/decisions/0442)', () => {
  const pooled: Job = { ...job, screeningQuestions: undefined, talentPoolDays: 180 };

  it('is offered unticked, with the business and the date, before Apply; unticked it sends no consent', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z'), toFake: ['Date'] });
    try {
      const user = userEvent.setup();
      const onApply = vi.fn();
      render(<Selection onApply={onApply} theJob={pooled} />);
      const box = screen.getByRole('checkbox', {
        name: 'Keep my application for other roles at Leeds Vans until 28 Aug 2026',
      });
      expect(box).not.toBeChecked();
      const apply = screen.getByRole('button', { name: 'Apply' });
      expect(box.compareDocumentPosition(apply) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      await user.click(apply);
      const target = onApply.mock.calls[0]![0] as ApplyTarget;
      expect(target.keepForOtherRoles).toBeUndefined();
      expect(
        applicationPayload(job.id, 'cv', target.tracking, target.screeningAnswers, target.keepForOtherRoles),
      ).toEqual({ jobId: job.id, cvId: 'cv', readyToWork: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('ticked, the application carries it; unticked again, it does not', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<Selection onApply={onApply} theJob={pooled} />);
    const box = screen.getByRole('checkbox', { name: /^Keep my application for other roles at Leeds Vans until / });
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const ticked = onApply.mock.calls[0]![0] as ApplyTarget;
    expect(
      applicationPayload(job.id, 'cv', ticked.tracking, ticked.screeningAnswers, ticked.keepForOtherRoles),
    ).toEqual({
      jobId: job.id,
      cvId: 'cv',
      readyToWork: true,
      keepForOtherRoles: true,
    });
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((onApply.mock.calls[1]![0] as ApplyTarget).keepForOtherRoles).toBeUndefined();
  });

  it('is not offered when the business does not ask, nor for a CV sent to a closed job', () => {
    const { unmount } = render(<Selection onApply={vi.fn()} theJob={{ ...pooled, talentPoolDays: undefined }} />);
    expect(screen.queryByRole('checkbox', { name: /Keep my application/ })).not.toBeInTheDocument();
    unmount();
    render(<Selection onApply={vi.fn()} theJob={{ ...pooled, isLive: false }} />);
    expect(screen.queryByRole('checkbox', { name: /Keep my application/ })).not.toBeInTheDocument();
  });
});
