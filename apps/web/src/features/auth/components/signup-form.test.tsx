import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_BUILT_IN_PASSWORD } from '@careers/contracts/identity';
import { renderPage } from '../../../testing/render';
import { authStore } from '../../../lib/auth-store';
import { fakeNetwork, problem, solvableChallenge } from '../../../testing/fake-services';
import { tokenExpiringIn } from '../../../testing/make-jwt';
import type { AdapterReply } from '../../../testing/mock-adapter';
import { SignupForm } from './signup-form';

/** The access token registration hands out (a JWT, so the candidate service's client sends it as it is). */
const ACCESS_TOKEN = tokenExpiringIn(3600);

/** What the services answer, per test; each list is answered in turn (its last answer repeats). */
let answers: {
  canLogIn: AdapterReply;
  register: AdapterReply[];
  createCandidate: AdapterReply[];
  uploadCv: AdapterReply;
  sendCode: AdapterReply;
};
let network: ReturnType<typeof fakeNetwork>;
const next = (queue: AdapterReply[]) => (queue.length > 1 ? queue.shift() : queue[0]);
const data = (method: string, url: string) => network.called(method, url).map((request) => request.data);

beforeEach(() => {
  answers = {
    canLogIn: problem(404),
    register: [
      {
        status: 200,
        data: { succeeded: true, errors: [], userId: 'u9', accessToken: ACCESS_TOKEN, refreshToken: 'ref' },
      },
    ],
    createCandidate: [
      {
        status: 200,
        data: {
          id: '7f0c1a52-1111-4c3e-9d7e-000000000009',
          name: 'Grace Hopper',
          email: 'new@example.com',
          phoneNumber: '+44 20 7946 0000',
          postcode: 'SW1A 1AA',
        },
      },
    ],
    uploadCv: { status: 200, data: { cvId: '7f0c1a52-1111-4c3e-9d7e-000000000001', fileName: 'cv.pdf' } },
    sendCode: { status: 200 },
  };
  network = fakeNetwork(({ method, url }) => {
    if (method === 'POST' && url === '/api/account/can-log-in') return answers.canLogIn;
    if (method === 'GET' && url === '/api/bot-check/challenge') return { status: 200, data: solvableChallenge() };
    if (method === 'POST' && url === '/api/register/candidate-user') return next(answers.register);
    if (method === 'POST' && url === '/candidate') return next(answers.createCandidate);
    if (method === 'POST' && url === '/cvs') return answers.uploadCv;
    if (method === 'POST' && url === '/api/account/send-verification-code') return answers.sendCode;
    return undefined;
  });
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
    expect(network.requests).toEqual([]);
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
    answers.canLogIn = { status: 200 };
    const user = userEvent.setup();
    renderPage(<SignupForm />, { path: '/account/signup' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email address');
    expect(data('POST', '/api/register/candidate-user')).toEqual([]);
  });

  it('registers, stores the tokens, creates the candidate, uploads the CV, sends the code, then asks for it', async () => {
    const user = userEvent.setup();
    renderPage(<SignupForm />, { path: '/account/signup' });
    await fill(user);
    const longName = 'A very long curriculum vitae file name for testing.pdf';
    await user.upload(
      screen.getByLabelText(/CV \(optional\)/),
      new File(['%PDF-1.4'], longName, { type: 'application/pdf' }),
    );
    expect(screen.getByText(`${longName.slice(0, 40)}...`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByRole('heading', { name: 'Verification' })).toBeInTheDocument();
    expect(data('POST', '/api/register/candidate-user')).toEqual([
      {
        name: 'Grace Hopper',
        email: 'new@example.com',
        phone: '+44 20 7946 0000',
        password: CANDIDATE_BUILT_IN_PASSWORD,
        token: expect.any(String),
      },
    ]);
    expect(authStore.get()).toMatchObject({ id: 'u9', accessToken: ACCESS_TOKEN, refreshToken: 'ref' });
    expect(data('POST', '/candidate')).toEqual([
      { name: 'Grace Hopper', email: 'new@example.com', phoneNumber: '+44 20 7946 0000', postcode: 'SW1A 1AA' },
    ]);
    expect(network.called('POST', '/candidate')[0]?.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    const [upload] = data('POST', '/cvs');
    expect(((upload as FormData).get('file') as File).name).toBe(longName);
    expect(data('POST', '/api/account/send-verification-code')).toEqual([{ email: 'new@example.com' }]);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter verification code')).toBeInTheDocument();
    expect(CANDIDATE_BUILT_IN_PASSWORD.length).toBeGreaterThanOrEqual(8);
  });

  it("shows the first server error when registration fails, and 'Error in creating account.' for later steps", async () => {
    answers.register = [problem(400, { errors: ['Phone number is not valid'] }), ...answers.register];
    const user = userEvent.setup();
    renderPage(<SignupForm />, { path: '/account/signup' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Get a verification code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Phone number is not valid');

    answers.createCandidate = [{ networkError: true }, ...answers.createCandidate];
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
