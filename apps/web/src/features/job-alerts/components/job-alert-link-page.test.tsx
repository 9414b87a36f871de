import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { candidatePublicClient } from '../../../lib/candidate-public-client';
import { mockAdapter } from '../../../testing/mock-adapter';
import { renderPage } from '../../../testing/render';
import { JobAlertLinkPage } from './job-alert-link-page';

const original = candidatePublicClient.defaults.adapter;
afterEach(() => {
  candidatePublicClient.defaults.adapter = original;
});

/** A search anyone may have typed: the confirmation e-mail leaves it out, so this page is where it is seen. */
const LABEL = 'Jobs matching: "URGENT payroll account locked - sign in at <a href="https://evil.test/login">here</a>"';

describe('the job alert confirm page', () => {
  it("shows the search's words after the press, as text: no link and no markup of them", async () => {
    const { adapter, requests } = mockAdapter(() => ({ status: 200, data: { status: 'confirmed', label: LABEL } }));
    candidatePublicClient.defaults.adapter = adapter;
    const { container } = renderPage(<JobAlertLinkPage mode="confirm" token="c1.abc.def" />, {
      path: '/job-alerts/confirm',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the job alert' }));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/job-alerts/confirm?token=c1.abc.def' });

    await screen.findByRole('heading', { name: 'Your job alert is on' });
    const label = screen.getByText(LABEL);
    expect(label.children).toHaveLength(0);
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^\/[a-z-]*$/);
    expect(container.querySelector('a[href*="evil"]')).toBeNull();
  });
});
