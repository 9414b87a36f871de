import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '../../../lib/auth-store';
import { candidatePublicClient } from '../../../lib/candidate-public-client';
import { mockAdapter } from '../../../testing/mock-adapter';
import { renderPage } from '../../../testing/render';
import {
  UNSUBSCRIBED,
  UNSUBSCRIBE_ASK,
  UNSUBSCRIBE_BROKEN_LINK,
  UNSUBSCRIBE_FAILED,
  UnsubscribeStatus,
} from './unsubscribe-status';

const original = candidatePublicClient.defaults.adapter;
afterEach(() => {
  candidatePublicClient.defaults.adapter = original;
});

describe('unsubscribe page', () => {
  it('changes nothing on opening (a mail scanner opens links): it says what the press does and waits for it', async () => {
    const { adapter, requests } = mockAdapter(() => ({ status: 200, data: { statusEmails: false } }));
    candidatePublicClient.defaults.adapter = adapter;
    renderPage(<UnsubscribeStatus token="v1.abc.def" />, { path: '/unsubscribe' });
    const heading = await screen.findByRole('heading', { name: 'Turn off status emails' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(UNSUBSCRIBE_ASK)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off status emails' })).toHaveClass('btn--primary');
    expect(document.title).toBe('Turn off status emails · Careers Portal');
    // Time for a query or an effect to have sent it, had the page sent anything on load.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });

  it('turns status e-mails off on the press, without a session, and says so', async () => {
    authStore.clear();
    const { adapter, requests } = mockAdapter(() => ({ status: 200, data: { statusEmails: false } }));
    candidatePublicClient.defaults.adapter = adapter;
    renderPage(<UnsubscribeStatus token="v1.abc.def" />, { path: '/unsubscribe' });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off status emails' }));
    const heading = await screen.findByRole('heading', { name: 'Status emails are off' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(UNSUBSCRIBED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'account page' })).toHaveAttribute('href', '/user-account');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/status-emails/unsubscribe?token=v1.abc.def',
      authorization: undefined,
      data: undefined,
    });
  });

  it("says 'This link is broken or expired' for a refused token, not the validator's words, and sends nothing without a token", async () => {
    const { adapter, requests } = mockAdapter(() => ({
      status: 400,
      data: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'querystring/token must match pattern "^v1\\."',
      },
    }));
    candidatePublicClient.defaults.adapter = adapter;
    const first = renderPage(<UnsubscribeStatus token="v1.forged" />, { path: '/unsubscribe' });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off status emails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is broken or expired.');
    expect(screen.queryByText(/must match pattern/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Status emails are still on' })).toBeInTheDocument();
    first.unmount();
    renderPage(<UnsubscribeStatus token="" />, { path: '/unsubscribe' });
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_BROKEN_LINK);
    expect(screen.queryByRole('button', { name: 'Turn off status emails' })).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('keeps its own words when the service fails', async () => {
    const { adapter } = mockAdapter(() => ({ status: 500, data: {} }));
    candidatePublicClient.defaults.adapter = adapter;
    renderPage(<UnsubscribeStatus token="v1.abc.def" />, { path: '/unsubscribe' });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off status emails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_FAILED);
    expect(screen.queryByText(UNSUBSCRIBE_BROKEN_LINK)).not.toBeInTheDocument();
  });
});
