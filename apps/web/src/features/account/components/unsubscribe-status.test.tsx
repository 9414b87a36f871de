import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { authStore } from '../../../lib/auth-store';
import { candidatePublicClient } from '../../../lib/candidate-public-client';
import { mockAdapter } from '../../../testing/mock-adapter';
import { renderPage } from '../../../testing/render';
import { UNSUBSCRIBED, UNSUBSCRIBE_FAILED, UnsubscribeStatus } from './unsubscribe-status';

const original = candidatePublicClient.defaults.adapter;
afterEach(() => {
  candidatePublicClient.defaults.adapter = original;
});

describe('unsubscribe page', () => {
  it('turns status e-mails off on opening, without a session, and says so', async () => {
    authStore.clear();
    const { adapter, requests } = mockAdapter(() => ({ status: 200, data: { statusEmails: false } }));
    candidatePublicClient.defaults.adapter = adapter;
    renderPage(<UnsubscribeStatus token="v1.abc.def" />, { path: '/unsubscribe' });
    expect(await screen.findByRole('heading', { name: 'Status e-mails are off' })).toBeInTheDocument();
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

  it('shows the service’s reason when the link is refused, and sends nothing without a token', async () => {
    const { adapter, requests } = mockAdapter(() => ({
      status: 400,
      data: { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'This unsubscribe link is not valid.' },
    }));
    candidatePublicClient.defaults.adapter = adapter;
    const first = renderPage(<UnsubscribeStatus token="v1.forged" />, { path: '/unsubscribe' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.getByRole('heading', { name: 'Status e-mails are still on' })).toBeInTheDocument();
    first.unmount();
    renderPage(<UnsubscribeStatus token="" />, { path: '/unsubscribe' });
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_FAILED);
    expect(requests).toHaveLength(1);
  });
});
