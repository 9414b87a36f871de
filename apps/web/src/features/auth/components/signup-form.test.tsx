import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_BUILT_IN_PASSWORD } from '@careers/contracts/identity';
import { renderPage } from '../../../testing/render';
import { ApiError, SERVER_SIDE_ERROR } from '../../../lib/api-error';
import { authStore } from '../../../lib/auth-store';
import { SignupForm } from './signup-form';
import { canLogIn } from '../../../lib/api/identity/can-log-in';
import { registerCandidateUser } from '../../../lib/api/identity/register-candidate-user';
import { createCandidate } from '../../../lib/api/candidate/create-candidate';
import { uploadCv } from '../../../lib/api/candidate/upload-cv';
import { sendVerificationCode } from '../../../lib/api/identity/send-verification-code';

vi.mock('../../../lib/api/identity/can-log-in', () => ({ canLogIn: vi.fn() }));
vi.mock('../../../lib/api/identity/register-candidate-user', () => ({ registerCandidateUser: vi.fn() }));
vi.mock('../../../lib/api/candidate/create-candidate', () => ({ createCandidate: vi.fn() }));
vi.mock('../../../lib/api/candidate/upload-cv', () => ({ uploadCv: vi.fn() }));
vi.mock('../../../lib/api/identity/send-verification-code', () => ({ sendVerificationCode: vi.fn() }));
vi.mock('../../../lib/api/identity/verify-code', () => ({ verifyCode: vi.fn() }));


beforeEach(() => {
  vi.mocked(canLogIn).mockReset().mockResolvedValue(false);
  vi.mocked(registerCandidateUser).mockReset().mockResolvedValue({ succeeded: true, errors: [], userId: 'u9', accessToken: 'acc', refreshToken: 'ref' });
  vi.mocked(createCandidate).mockReset().mockResolvedValue(undefined);
  vi.mocked(uploadCv).mockReset().mockResolvedValue({ cvId: '7f0c1a52-1111-4c3e-9d7e-000000000001', fileName: 'cv.pdf' });
  vi.mocked(sendVerificationCode).mockReset().mockResolvedValue(undefined);
  authStore.clear();
});

async function fill(user: ReturnType<typeof userEvent.setup>, email = 'new@example.com') {
  await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Phone'), '+44 20 7946 0000');
  await user.type(screen.getByLabelText('Post code'), 'SW1A 1AA');
}

describe('signup form', () => {
  it('shows every required message and makes no call while the form is invalid', async () => {
    const user = userEvent.setup();
    renderPage(<SignupForm />, { path: '/account/signup' });
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter your post code')).toBeInTheDocument();
    expect(canLogIn).not.toHaveBeenCalled();
  });

  it("uses the default '{field} is not valid.' for a malformed e-mail, and only the first failing rule", async () => {
    const user = userEvent.setup();
    renderPage(<SignupForm />, { path: '/account/signup' });
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.tab();
    expect(await screen.findByText('Email is not valid.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    expect(screen.getByText('Email is not valid.')).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.queryByText('Email is not valid.')).not.toBeInTheDocument();
  });

  it("says 'Invalid email address' when the e-mail already has an account", async () => {
    vi.mocked(canLogIn).mockResolvedValue(true);
    const user = userEvent.setup();
    renderPage(<SignupForm />, { path: '/account/signup' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email address');
    expect(registerCandidateUser).not.toHaveBeenCalled();
  });

  it('registers, stores the tokens, creates the candidate, uploads the CV, sends the code, then asks for it', async () => {
    const user = userEvent.setup();
    renderPage(<SignupForm />, { path: '/account/signup' });
    await fill(user);
    const longName = 'A very long curriculum vitae file name for testing.pdf';
    await user.upload(screen.getByLabelText(/CV \(optional\)/), new File(['%PDF-1.4'], longName, { type: 'application/pdf' }));
    expect(screen.getByText(`${longName.slice(0, 40)}...`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByRole('heading', { name: 'Verification' })).toBeInTheDocument();
    expect(registerCandidateUser).toHaveBeenCalledWith({ name: 'Grace Hopper', email: 'new@example.com', phone: '+44 20 7946 0000' });
    expect(authStore.get()).toMatchObject({ id: 'u9', accessToken: 'acc', refreshToken: 'ref' });
    expect(createCandidate).toHaveBeenCalledWith({ name: 'Grace Hopper', email: 'new@example.com', phoneNumber: '+44 20 7946 0000', postcode: 'SW1A 1AA' });
    expect(vi.mocked(uploadCv).mock.calls[0]?.[0].name).toBe(longName);
    expect(sendVerificationCode).toHaveBeenCalledWith('new@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter verification code')).toBeInTheDocument();
    expect(CANDIDATE_BUILT_IN_PASSWORD.length).toBeGreaterThanOrEqual(8);
  });

  it("shows the first server error when registration fails, and 'Error in creating account.' for later steps", async () => {
    vi.mocked(registerCandidateUser).mockRejectedValueOnce(new ApiError(SERVER_SIDE_ERROR, { status: 400, body: { errors: ['Phone number is not valid'] } }));
    const user = userEvent.setup();
    renderPage(<SignupForm />, { path: '/account/signup' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Phone number is not valid');

    vi.mocked(createCandidate).mockRejectedValueOnce(new ApiError('Network Error'));
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error in creating account.'));
  });

  it("refuses non-PDF CVs with 'Must be a .pdf' and ignores .DS_Store / Thumbs.db", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage(<SignupForm />, { path: '/account/signup' });
    const input = screen.getByLabelText(/CV \(optional\)/);
    await user.upload(input, new File(['x'], '.DS_Store'));
    await user.upload(input, new File(['x'], 'Thumbs.db'));
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Must be a .pdf')).not.toBeInTheDocument();
    await user.upload(input, new File(['x'], 'cv.docx'));
    expect(await screen.findByText('Must be a .pdf')).toBeInTheDocument();
    await user.upload(input, new File(['%PDF'], 'cv.pdf'));
    expect(screen.queryByText('Must be a .pdf')).not.toBeInTheDocument();
    expect(screen.getByText('cv.pdf')).toBeInTheDocument();
  });
});
