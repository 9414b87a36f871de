import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cv } from '@careers/contracts/candidate';
import { ApplyFormStep } from './apply-form-step';
import { CvSelectionStep } from './cv-selection-step';

function FormStep({ onSubmit }: { onSubmit: (details: unknown, cv: File) => void }) {
  const [alert, setAlert] = useState<string | null>(null);
  return (
    <ApplyFormStep
      headingRef={null}
      defaultValues={{ name: '', email: '', phone: '', postCode: '' }}
      defaultCv={null}
      jobIsLive
      busy={false}
      alert={alert}
      onAlertChange={setAlert}
      onSubmit={onSubmit}
      onLogin={() => {}}
    />
  );
}

describe('apply form step', () => {
  it('validates on blur, not while typing, and shows only the first failing rule', async () => {
    const user = userEvent.setup();
    render(<FormStep onSubmit={vi.fn()} />);
    const email = screen.getByLabelText('Email');
    await user.type(email, 'ada');
    expect(screen.queryByText('Email is not valid.')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Email is not valid.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toContain(screen.getByText('Email is not valid.').id);
    // Typing does not change an error (issue 12 item 12): the next blur does.
    await user.clear(email);
    expect(screen.getByText('Email is not valid.')).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.queryByText('Email is not valid.')).not.toBeInTheDocument();
  });

  it('every field is labelled with its autocomplete purpose', () => {
    render(<FormStep onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Post code')).toHaveAttribute('autocomplete', 'postal-code');
  });

  it('submits nothing until the fields are valid and a CV is chosen', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<FormStep onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter your post code')).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: '' })).toHaveTextContent('Please select your CV');

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone'), '0123');
    await user.type(screen.getByLabelText('Post code'), 'AB1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onSubmit).not.toHaveBeenCalled();

    const cv = new File(['hello'], 'ada.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText(/^CV/), cv);
    expect(screen.queryByText('Please select your CV')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { name: 'Ada', email: 'ada@example.com', phone: '0123', postCode: 'AB1' },
      cv,
    );
  });

  it('refuses other file types with the rejection text', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<FormStep onSubmit={vi.fn()} />);
    await user.upload(screen.getByLabelText(/^CV/), new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText('Must be in the following format: pdf, doc, docx, txt')).toBeInTheDocument();
  });

  it('shows one CV message in one place: a refused file’s reason, not also "Please select your CV"', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<FormStep onSubmit={vi.fn()} />);
    const cvMessages = () =>
      ['Please select your CV', 'Must be in the following format: pdf, doc, docx, txt'].filter((text) =>
        screen.queryByText(text),
      );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(cvMessages()).toEqual(['Please select your CV']);
    await user.upload(screen.getByLabelText(/^CV/), new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(cvMessages()).toEqual(['Must be in the following format: pdf, doc, docx, txt']);
    // Applying again with the refused file and every other field right: still the one message, where the
    // file was chosen, and the focus is taken there.
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone'), '0123');
    await user.type(screen.getByLabelText('Post code'), 'AB1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByLabelText(/^CV/)).toHaveFocus());
    expect(cvMessages()).toEqual(['Must be in the following format: pdf, doc, docx, txt']);
    // A good file clears it; removing it again asks for a CV in the spec's words.
    await user.upload(screen.getByLabelText(/^CV/), new File(['hello'], 'ada.txt', { type: 'text/plain' }));
    expect(cvMessages()).toEqual([]);
  });
});

const cvs: Cv[] = [
  {
    id: 'a',
    fileName: 'first.pdf',
    contentType: 'application/pdf',
    createdOn: '2026-01-02T10:00:00.000Z',
    cvParseStatus: 'Parsed',
    lastUsedOn: '2026-02-03T10:00:00.000Z',
  },
  {
    id: 'b',
    fileName: 'second.docx',
    contentType: 'application/msword',
    createdOn: 'garbage',
    cvParseStatus: 'Pending',
  },
];

describe('cvSelection step', () => {
  function Selection({ selectedCv, onApply }: { selectedCv: string | null; onApply: () => void }) {
    const [alert, setAlert] = useState<string | null>(null);
    return (
      <CvSelectionStep
        headingRef={null}
        cvs={cvs}
        model={{ selectedCv, newCv: null }}
        jobIsLive
        busy={false}
        redirecting={false}
        alert={alert}
        onAlertChange={setAlert}
        onSelect={() => {}}
        onNewCv={() => {}}
        onApply={onApply}
        onLogout={() => {}}
      />
    );
  }

  it('lists each CV with its date, a radio and a preview button', () => {
    render(<Selection selectedCv="a" onApply={vi.fn()} />);
    expect(screen.getByRole('radio', { name: /first\.pdf/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /second\.docx/ })).not.toBeChecked();
    expect(screen.getByText('Uploaded on -')).toBeInTheDocument();
    expect(screen.getByText(/^Last used on \d+ Feb 2026$/)).toBeInTheDocument();
    expect(screen.queryByText(/Last used on -/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview first.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('asks for a CV when none is selected or uploaded', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<Selection selectedCv={null} onApply={onApply} />);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert', { name: '' })).toHaveTextContent('Please select or upload a CV');
    expect(onApply).not.toHaveBeenCalled();
  });
});
