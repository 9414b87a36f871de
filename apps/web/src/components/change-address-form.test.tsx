import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeServices } from '../testing/fake-services';
import { tokenExpiringIn } from '../testing/make-jwt';
import ChangeAddressForm from './change-address-form';

/** "Wrong address? Change it" on the apply page names the job, so the new code e-mail names it (decision 0350). */
describe('change address form', () => {
  async function changeTo(finishesJobId: string | undefined) {
    const network = fakeServices(({ method, url, data }) =>
      method === 'PUT' && url === '/api/user/unproven-email'
        ? {
            status: 200,
            data: {
              succeeded: true,
              errors: [],
              email: (data as { email: string }).email,
              accessToken: tokenExpiringIn(900),
            },
          }
        : undefined,
    );
    const changed: string[] = [];
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <ChangeAddressForm
          currentEmail="ada@example.com"
          finishesJobId={finishesJobId}
          onChanged={(email) => changed.push(email)}
          onCancel={() => {}}
        />
      </QueryClientProvider>,
    );
    const field = screen.getByLabelText('Your email address');
    await user.clear(field);
    await user.type(field, 'ada@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Change address' }));
    await screen.findByLabelText('Your email address');
    await expect.poll(() => changed).toEqual(['ada@gmail.com']);
    return network.called('PUT', '/api/user/unproven-email').map((request) => request.data);
  }

  it("sends the apply page's job with the corrected address", async () => {
    const jobId = '0b8e3c1f-8a55-4a43-9a43-0d9d2f0c1b11';
    expect(await changeTo(jobId)).toEqual([{ email: 'ada@gmail.com', jobId }]);
  });

  it('sends the address alone where no job waits (the sign-up card)', async () => {
    expect(await changeTo(undefined)).toEqual([{ email: 'ada@gmail.com' }]);
  });
});
