import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationRecord } from '@careers/contracts/screening';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { UnmetRequirements } from './unmet-requirements';
import { ApplicationRecordSection as EmployerSection } from './application-record-section';
import {
  ScreeningQuestionsEditor,
  draftsProblem,
  fromDrafts,
  toDrafts,
  type QuestionDraft,
} from './screening-questions-editor';

const record: ApplicationRecord = {
  applicationId: '7d1f2c3a-0000-4000-8000-000000000001',
  appliedOn: '2026-11-20T10:00:00.000Z',
  cvFileName: 'nora.pdf',
  cvSha256: 'a'.repeat(64),
  adVersion: 1,
  adChangedSince: true,
  ad: {
    title: 'Van driver',
    description: 'Deliveries around Leeds',
    businessName: 'Leeds Vans',
    city: 'Leeds',
    fullTime: true,
  },
  answers: [
    {
      questionId: 'licence',
      question: 'Do you hold a UK driving licence?',
      requirement: 'Required for this job: Yes',
      answer: 'No',
      meetsRequirement: false,
    },
    { questionId: 'note', question: 'Anything else?', requirement: null, answer: null, meetsRequirement: null },
  ],
  doesNotMeet: ['Do you hold a UK driving licence? (Required for this job: Yes; answered No)'],
};

describe('the ad as it was and the receipt (docs/decisions/0401)', () => {
  it('the employer sees a plain "Does not meet" flag, the version applied to and that the ad changed since', async () => {
    fakeServices((request) =>
      request.url === `/business/applications/${record.applicationId}/record`
        ? { status: 200, data: { record } }
        : undefined,
    );
    renderPage(<EmployerSection applicationId={record.applicationId} />);
    const section = await screen.findByRole('region', { name: 'Answers and the ad applied to' });
    expect(
      within(section).getByText(
        'Does not meet: Do you hold a UK driving licence? (Required for this job: Yes; answered No)',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Version 1 of the ad' })).toBeInTheDocument();
    expect(within(section).getByText(/The ad has changed since this candidate applied/)).toBeInTheDocument();
    expect(within(section).getByText(/was not turned away for any answer/)).toBeInTheDocument();
  });
});

function Editor({ initial }: { initial: QuestionDraft[] }) {
  const [drafts, setDrafts] = useState(initial);
  return (
    <>
      <ScreeningQuestionsEditor drafts={drafts} onChange={setDrafts} />
      <output data-testid="body">{JSON.stringify(fromDrafts(drafts))}</output>
    </>
  );
}

describe("the employer's lists", () => {
  it('say how many requirements an application does not meet, and nothing when it meets them all', () => {
    const { rerender, container } = render(<UnmetRequirements count={2} />);
    expect(screen.getByText('Does not meet 2 requirements')).toBeInTheDocument();
    rerender(<UnmetRequirements count={1} />);
    expect(screen.getByText('Does not meet 1 requirement')).toBeInTheDocument();
    rerender(<UnmetRequirements count={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("the job form's questions", () => {
  it('adds a yes/no question with a requirement and shows what candidates will read', async () => {
    const user = userEvent.setup();
    render(<Editor initial={[]} />);
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Do you hold a UK driving licence?');
    await user.selectOptions(screen.getByLabelText('Required for this job'), 'yes');
    expect(screen.getByText('Candidates see: “Required for this job: Yes.”')).toBeInTheDocument();
    const body = JSON.parse(screen.getByTestId('body').textContent!);
    expect(body).toEqual([
      {
        id: expect.any(String),
        text: 'Do you hold a UK driving licence?',
        required: true,
        kind: 'yesNo',
        expected: true,
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(JSON.parse(screen.getByTestId('body').textContent!)).toEqual([]);
  });

  it('says in words what keeps the questions from being saved', () => {
    const draft = toDrafts([{ id: 'a', kind: 'text', text: 'Why us?', required: false }])[0]!;
    expect(draftsProblem([draft])).toBeNull();
    expect(draftsProblem([draft, { ...draft, id: 'b', text: ' ' }])).toBe('Question 2: write the question.');
    expect(draftsProblem([{ ...draft, kind: 'oneOf', options: 'Early\n\nEarly' }])).toBe(
      'Question 1: give at least two options, one a line.',
    );
    expect(draftsProblem([{ ...draft, kind: 'number', min: '5', max: '1' }])).toBe(
      'Question 1: the range ends below where it starts.',
    );
    expect(draftsProblem([{ ...draft, kind: 'number', min: 'two' }])).toBe('Question 1: the range takes numbers.');
  });

  it('keeps the options, the accepted ones and the range of a saved job', () => {
    const questions = [
      {
        id: 'shift',
        kind: 'oneOf' as const,
        text: 'Which shift?',
        required: false,
        options: ['Early', 'Late'],
        accepted: ['Early'],
      },
      { id: 'years', kind: 'number' as const, text: 'Years?', required: true, min: 2, max: null },
    ];
    expect(fromDrafts(toDrafts(questions))).toEqual(questions);
  });
});
