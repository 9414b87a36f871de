import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '../../../lib/auth-store';
import { candidate } from '../../../testing/candidate-fixtures';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { ProfilePage } from './profile-page';

describe('profile page', () => {
  it('saves the candidate, then the account name and phone, and updates the stored auth', async () => {
    const services = fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/candidate') return { status: 200, data: candidate };
      if (request.method === 'PUT' && request.url === '/candidate') return { status: 200, data: '' };
      if (request.method === 'PUT' && request.url === '/api/user')
        return { status: 200, data: { succeeded: true, errors: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ProfilePage />, { path: '/profile' });

    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Ada Lovelace');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '07000 111222');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your profile has been saved.');
    expect(services.called('PUT', '/candidate')[0]?.data).toEqual({
      id: candidate.id,
      name: 'Ada King',
      phoneNumber: '07000 111222',
      postcode: 'SW1A 1AA',
    });
    const userUpdate = services.called('PUT', '/api/user')[0];
    expect(userUpdate?.data).toEqual({ name: 'Ada King', phone: '07000 111222' });
    expect(userUpdate?.baseURL).toContain('3001');
    expect(userUpdate?.authorization).toMatch(/^Bearer /);
    expect(authStore.get()).toMatchObject({ name: 'Ada King', phone: '07000 111222', email: 'ada@example.com' });
  });

  it('stops at the first empty field with SPEC messages and calls nothing', async () => {
    const services = fakeServices((request) =>
      request.method === 'GET' && request.url === '/candidate' ? { status: 200, data: candidate } : undefined,
    );
    const user = userEvent.setup();
    renderPage(<ProfilePage />, { path: '/profile' });
    await user.clear(await screen.findByLabelText('Name'));
    await user.clear(screen.getByLabelText('Phone number'));
    await user.clear(screen.getByLabelText('Post code'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter your post code')).toBeInTheDocument();
    expect(services.called('PUT', '/candidate')).toHaveLength(0);
  });

  it('shows the server error and does not touch the account when the candidate update fails', async () => {
    const services = fakeServices((request) => {
      if (request.method === 'GET' && request.url === '/candidate') return { status: 200, data: candidate };
      if (request.method === 'PUT' && request.url === '/candidate')
        return {
          status: 400,
          data: { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Postcode is too long' },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ProfilePage />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Postcode is too long'));
    expect(services.called('PUT', '/api/user')).toHaveLength(0);
    expect(authStore.get().name).toBe('Ada Lovelace');
  });
});
