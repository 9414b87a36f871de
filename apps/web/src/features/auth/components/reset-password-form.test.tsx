import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyAuthResponse } from '@careers/contracts/identity';
import { renderPage } from '../../../testing/render';
import { ApiError, SERVER_SIDE_ERROR } from '../../../lib/api-error';
import { ResetPasswordForm } from './reset-password-form';
import { resetPassword } from '../../../lib/api/identity/reset-password';
import { login } from '../../../lib/api/identity/login';

vi.mock('../../../lib/api/identity/reset-password', () => ({ resetPassword: vi.fn() }));
vi.mock('../../../lib/api/identity/login', () => ({ login: vi.fn() }));

beforeEach(() => {
  vi.mocked(resetPassword).mockReset().mockResolvedValue({ succeeded: true, errors: [] });
  vi.mocked(login).mockReset();
});

const page = () => renderPage(<ResetPasswordForm email="ada@example.com" token="tok/with/slashes" />, { path: '/account/reset', also: ['/'] });

describe('password reset form', () => {
  it("shows 'Please correct the errors' and the field messages when the form is invalid", async () => {
    const user = userEvent.setup();
    page();
    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the errors');
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('needs at least 8 characters and matching passwords', async () => {
    const user = userEvent.setup();
    page();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'enough!');
    await user.type(screen.getByLabelText('Confirm password'), 'different1');
    await user.tab();
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'shortenough!');
    expect(screen.queryByText('Passwords must match')).not.toBeInTheDocument();
  });

  it('joins server errors with line breaks', async () => {
    vi.mocked(resetPassword).mockRejectedValue(new ApiError(SERVER_SIDE_ERROR, { status: 400, body: { errors: ['Invalid token.', 'Password too weak.'] } }));
    const user = userEvent.setup();
    page();
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('.alert__message')?.textContent).toBe('Invalid token.\nPassword too weak.');
  });

  it("falls back to 'Failed to request reset link', and shows the login feedback or 'Failed to login'", async () => {
    vi.mocked(resetPassword).mockRejectedValueOnce(new ApiError('Network Error'));
    const user = userEvent.setup();
    page();
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to request reset link');

    vi.mocked(login).mockResolvedValueOnce(emptyAuthResponse('Please check your login details'));
    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    expect(await screen.findByText('Please check your login details')).toBeInTheDocument();
    expect(resetPassword).toHaveBeenLastCalledWith({ email: 'ada@example.com', token: 'tok/with/slashes', password: 'longenough1', confirmPassword: 'longenough1' });

    vi.mocked(login).mockResolvedValueOnce({ ...emptyAuthResponse(), feedbackMessage: '' });
    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    expect(await screen.findByText('Failed to login')).toBeInTheDocument();
  });

  it('signs in with the new password and goes to /', async () => {
    vi.mocked(login).mockResolvedValue({ ...emptyAuthResponse(), id: 'u1', accessToken: 'a.b.c', refreshToken: 'r', success: true, feedbackMessage: null });
    const user = userEvent.setup();
    page();
    await user.type(screen.getByLabelText('New password'), 'longenough1');
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Save Password & Sign in' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/');
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'longenough1' });
  });
});
