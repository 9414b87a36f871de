import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResultStatus, useActionResult, useFocusWhenShown } from './action-result';

function SaveTwice() {
  const [result, show] = useActionResult();
  return (
    <>
      <button type="button" onClick={() => show('Saved.')}>
        Save
      </button>
      <ResultStatus result={result} />
    </>
  );
}

function LateResult() {
  const [shown, setShown] = useState(false);
  const focusWhenShown = useFocusWhenShown();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          focusWhenShown('late');
          // The answer arrives after the request for the focus, as a call's does.
          setTimeout(() => setShown(true), 20);
        }}
      >
        Send
      </button>
      {shown ? <p id="late">Sent</p> : null}
    </>
  );
}

describe('the result of an action takes the focus', () => {
  it('gives it to the status line, again when the same words are said again, outside the tab order', async () => {
    const user = userEvent.setup();
    render(<SaveTwice />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const line = screen.getByRole('status');
    expect(line).toHaveTextContent('Saved.');
    expect(document.activeElement).toBe(line);
    expect(line).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('gives it to an element the answer puts on the page, once it is there, and makes it focusable by script only', async () => {
    const user = userEvent.setup();
    render(<LateResult />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Sent')));
    expect(screen.getByText('Sent')).toHaveAttribute('tabindex', '-1');
  });
});
