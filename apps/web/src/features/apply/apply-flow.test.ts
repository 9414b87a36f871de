import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cv } from '@careers/contracts/candidate';
import type { AuthResponse } from '@careers/contracts/identity';
import { ApiError } from '../../lib/api-error';
import {
  APPLICATIONS_PATH,
  ApplyFlowError,
  applyWithChosenCv,
  REDIRECT_AFTER_REFUSED_APPLY_MS,
  restoreStoredSession,
  submitApplyForm,
  submitLogin,
  submitVerification,
  type ApplyPorts,
  type ApplyTarget,
} from './apply-flow';
import { emptyApplyFormModel } from './forms';
import { createSignUpProgressStore } from '../../lib/session/sign-up-progress';

const JOB_ID = '6f1d3c0e-1111-4222-8333-444455556666';
const BUSINESS_ID = '6f1d3c0e-aaaa-4bbb-8ccc-ddddeeeeffff';
const NEW_CV_ID = '6f1d3c0e-0000-4000-8000-000000000001';
const STORED_CV_ID = '6f1d3c0e-0000-4000-8000-000000000002';

const details = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700 900000', postCode: 'AB1 2CD' };
const pdf = () => new File(['%PDF-1.4'], 'ada.pdf', { type: 'application/pdf' });
const storedCv: Cv = {
  id: STORED_CV_ID,
  fileName: 'old.pdf',
  contentType: 'application/pdf',
  createdOn: '2026-01-01T00:00:00.000Z',
  cvParseStatus: 'Parsed',
};
const auth: AuthResponse = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  accessToken: 'access',
  refreshToken: 'refresh',
  refreshTokenExpiryTime: null,
  success: true,
  feedbackMessage: null,
};
const liveJob: ApplyTarget = {
  job: { id: JOB_ID, businessId: BUSINESS_ID, isLive: true },
  tracking: { utmSource: 'board', landingUrl: 'https://portal.example/apply/x' },
};
const closedJob: ApplyTarget = { ...liveJob, job: { ...liveJob.job, isLive: false } };

function fakePorts(overrides: Partial<ApplyPorts> = {}) {
  const calls: string[] = [];
  const track =
    <A extends unknown[], R>(name: string, impl: (...args: A) => R) =>
    (...args: A): R => {
      calls.push(name);
      return impl(...args);
    };
  const ports: ApplyPorts = {
    canLogIn: track('canLogIn', async () => false),
    sendVerificationCode: track('sendVerificationCode', async () => {}),
    registerCandidateUser: track('registerCandidateUser', async () => ({
      succeeded: true,
      errors: [],
      userId: 'user-1',
      accessToken: 'a',
      refreshToken: 'r',
    })),
    createCandidate: track('createCandidate', async () => {}),
    uploadCv: track('uploadCv', async (file: File) => ({ cvId: NEW_CV_ID, fileName: file.name })),
    createJobApplication: track('createJobApplication', async () => ({
      result: { applicationId: 'app-1' },
      isValidResponse: true,
      errors: [],
    })),
    createCvDrop: track('createCvDrop', async () => {}),
    verifyCode: track('verifyCode', async () => auth),
    listCvs: track('listCvs', async () => [storedCv]),
    findStandingApplication: track('findStandingApplication', async () => null),
    hasStoredSession: () => false,
    ensureSession: track('ensureSession', async () => {}),
    storeSession: track('storeSession', () => {}),
    currentUser: () => null,
    findCandidate: track('findCandidate', async () => null),
    signUpProgress: createSignUpProgressStore(undefined),
    notifyError: track('notifyError', () => {}),
    navigate: track('navigate', () => {}),
    schedule: (callback, delay) => {
      setTimeout(callback, delay);
    },
  };
  return { ports: { ...ports, ...overrides }, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('start', () => {
  it('stays on the form without a stored session', async () => {
    const { ports, calls } = fakePorts();
    expect(await restoreStoredSession(ports)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('validates a stored session, loads the CVs and goes to cvSelection', async () => {
    const { ports, calls } = fakePorts({ hasStoredSession: () => true });
    expect(await restoreStoredSession(ports)).toEqual({
      type: 'storedSessionRestored',
      cvs: [storedCv],
      standingApplication: null,
    });
    expect(calls).toEqual(['ensureSession', 'listCvs']);
  });

  it("finds the candidate's standing application to the job on arrival (issue 12 item 5)", async () => {
    const standing = { id: 'app-9', appliedOn: '2026-11-22T10:00:00.000Z' };
    const asked: string[] = [];
    const { ports } = fakePorts({
      hasStoredSession: () => true,
      findStandingApplication: async (jobId) => {
        asked.push(jobId);
        return standing;
      },
    });
    expect(await restoreStoredSession(ports, JOB_ID)).toEqual({
      type: 'storedSessionRestored',
      cvs: [storedCv],
      standingApplication: standing,
    });
    expect(asked).toEqual([JOB_ID]);
  });

  it('offers Apply when the question fails: the service refuses a second application anyway', async () => {
    const { ports } = fakePorts({
      hasStoredSession: () => true,
      findStandingApplication: async () => Promise.reject(new Error('offline')),
    });
    expect(await restoreStoredSession(ports, JOB_ID)).toEqual({
      type: 'storedSessionRestored',
      cvs: [storedCv],
      standingApplication: null,
    });
  });

  it('stays on the form when the stored session cannot be kept', async () => {
    const { ports } = fakePorts({
      hasStoredSession: () => true,
      ensureSession: async () => Promise.reject(new Error('refresh failed')),
    });
    expect(await restoreStoredSession(ports)).toBeNull();
  });
});

describe('form → verification', () => {
  it('existing account (login check 200): sends a code, mode existing, nothing created', async () => {
    const { ports, calls } = fakePorts({ canLogIn: async () => true });
    const cv = pdf();
    const event = await submitApplyForm(ports, liveJob, details, cv);
    expect(event).toEqual({ type: 'existingAccountCodeSent', details, cv, resendWaitSeconds: 0 });
    expect(calls).toEqual(['sendVerificationCode']);
  });

  it('no account (404): bot check + register, session stored, candidate, CV upload, application, code — in that order', async () => {
    const createJobApplication = vi.fn(async () => ({
      result: { applicationId: 'app-1' },
      isValidResponse: true,
      errors: [],
    }));
    const storeSession = vi.fn();
    const sendVerificationCode = vi.fn(async (_email: string, _jobId?: string) => {});
    const { ports, calls } = fakePorts({ createJobApplication, storeSession });
    const tracked = ports.sendVerificationCode;
    ports.sendVerificationCode = (...args) => {
      sendVerificationCode(...args);
      return tracked(...args);
    };
    const event = await submitApplyForm(ports, liveJob, details, pdf());
    expect(event).toMatchObject({ type: 'newAccountCodeSent', details });
    expect(calls).toEqual(['canLogIn', 'registerCandidateUser', 'createCandidate', 'uploadCv', 'sendVerificationCode']);
    // The code e-mail names the job whose application it finishes.
    expect(sendVerificationCode).toHaveBeenCalledWith(details.email, JOB_ID);
    expect(storeSession).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'user-1', accessToken: 'a', refreshToken: 'r', email: details.email }),
    );
    expect(createJobApplication).toHaveBeenCalledWith({
      jobId: JOB_ID,
      cvId: NEW_CV_ID,
      readyToWork: true,
      utmSource: 'board',
      landingUrl: 'https://portal.example/apply/x',
    });
  });

  it('a job no longer live gets a CV drop instead of an application', async () => {
    const createCvDrop = vi.fn(async () => {});
    const { ports, calls } = fakePorts({ createCvDrop });
    await submitApplyForm(ports, closedJob, details, pdf());
    expect(createCvDrop).toHaveBeenCalledWith({ businessId: BUSINESS_ID, cvId: NEW_CV_ID });
    expect(calls).not.toContain('createJobApplication');
  });

  it('refuses to call anything without a CV', async () => {
    const { ports, calls } = fakePorts();
    await expect(submitApplyForm(ports, liveJob, details, null)).rejects.toThrow('Please select your CV');
    expect(calls).toEqual([]);
  });

  it.each(['registerCandidateUser', 'createCandidate', 'uploadCv', 'sendVerificationCode'] as const)(
    'a failing %s reads "An error occurred."',
    async (step) => {
      const { ports } = fakePorts({ [step]: async () => Promise.reject(new ApiError('boom', { status: 500 })) });
      await expect(submitApplyForm(ports, liveJob, details, pdf())).rejects.toEqual(
        new ApplyFlowError('An error occurred.'),
      );
    },
  );

  it('a refused application on the form shows its first server error', async () => {
    const { ports } = fakePorts({
      createJobApplication: async () => ({
        result: null,
        isValidResponse: false,
        errors: ['This job is no longer live.'],
      }),
    });
    await expect(submitApplyForm(ports, liveJob, details, pdf())).rejects.toThrow('This job is no longer live.');
  });

  it('a rate-limited code send still moves on, with the wait for Resend', async () => {
    const { ports } = fakePorts({
      canLogIn: async () => true,
      sendVerificationCode: async () =>
        Promise.reject(
          new ApiError('A server side error occurred.', { status: 429, headers: { 'retry-after': '37' } }),
        ),
    });
    expect(await submitApplyForm(ports, liveJob, details, pdf())).toMatchObject({
      type: 'existingAccountCodeSent',
      resendWaitSeconds: 37,
    });
  });
});

describe('login → verification', () => {
  it('sends a code when the login check passes', async () => {
    const { ports, calls } = fakePorts({ canLogIn: async () => true });
    expect(await submitLogin(ports, 'bo@example.com')).toEqual({
      type: 'loginCodeSent',
      loginEmail: 'bo@example.com',
      resendWaitSeconds: 0,
    });
    expect(calls).toEqual(['sendVerificationCode']);
  });

  it.each([
    ['has no account', async () => false],
    ['fails', async () => Promise.reject(new ApiError('Network Error'))],
  ])('"Invalid email address" when the login check %s', async (_case, canLogIn) => {
    const { ports, calls } = fakePorts({ canLogIn });
    await expect(submitLogin(ports, 'bo@example.com')).rejects.toThrow('Invalid email address');
    expect(calls).not.toContain('sendVerificationCode');
  });

  it('"An error occurred." when the code cannot be sent', async () => {
    const { ports } = fakePorts({
      canLogIn: async () => true,
      sendVerificationCode: async () => Promise.reject(new ApiError('x', { status: 500 })),
    });
    await expect(submitLogin(ports, 'bo@example.com')).rejects.toThrow('An error occurred.');
  });
});

describe('verification', () => {
  it('mode new: a valid code stores the session and goes to success without loading CVs', async () => {
    const storeSession = vi.fn();
    const { ports, calls } = fakePorts({ storeSession });
    expect(await submitVerification(ports, { mode: 'new', codeSentTo: 'ada@example.com' }, '123456')).toEqual({
      type: 'codeVerified',
      verificationCode: '123456',
    });
    expect(storeSession).toHaveBeenCalledWith(auth);
    expect(calls).not.toContain('listCvs');
  });

  it('mode existing: a valid code stores the session and loads the CVs for cvSelection', async () => {
    const { ports, calls } = fakePorts();
    expect(await submitVerification(ports, { mode: 'existing', codeSentTo: 'ada@example.com' }, '123456')).toEqual({
      type: 'codeVerified',
      verificationCode: '123456',
      cvs: [storedCv],
      standingApplication: null,
    });
    expect(calls).toEqual(['verifyCode', 'storeSession', 'listCvs']);
  });

  it('mode existing with the job: a sign-in finds a standing application to it too', async () => {
    const standing = { id: 'app-9', appliedOn: '2026-11-22T10:00:00.000Z' };
    const { ports, calls } = fakePorts({ findStandingApplication: async () => standing });
    expect(
      await submitVerification(ports, { mode: 'existing', codeSentTo: 'ada@example.com' }, '123456', JOB_ID),
    ).toMatchObject({ type: 'codeVerified', standingApplication: standing });
    expect(calls).toEqual(['verifyCode', 'storeSession', 'listCvs']);
  });

  it.each([
    ['a falsy answer', async () => null],
    ['a failed call', async () => Promise.reject(new ApiError('A server side error occurred.', { status: 401 }))],
  ])('"Invalid verification code." on %s', async (_case, verifyCode) => {
    const { ports, calls } = fakePorts({ verifyCode });
    await expect(submitVerification(ports, { mode: 'existing', codeSentTo: 'a@b.co' }, '1')).rejects.toThrow(
      'Invalid verification code.',
    );
    expect(calls).not.toContain('storeSession');
  });
});

describe('cvSelection → success', () => {
  const model = (overrides: Partial<typeof emptyApplyFormModel>) => ({
    model: { ...emptyApplyFormModel, ...overrides },
  });

  it('applies with the selected CV', async () => {
    const createJobApplication = vi.fn(async () => ({
      result: { applicationId: 'app-1' },
      isValidResponse: true,
      errors: [],
    }));
    const { ports, calls } = fakePorts({ createJobApplication });
    expect(await applyWithChosenCv(ports, liveJob, model({ selectedCv: STORED_CV_ID }))).toEqual({ type: 'applied' });
    expect(calls).not.toContain('uploadCv');
    expect(createJobApplication).toHaveBeenCalledWith(
      expect.objectContaining({ cvId: STORED_CV_ID, readyToWork: true }),
    );
  });

  it('a new upload wins over the selected CV', async () => {
    const createJobApplication = vi.fn(async () => ({
      result: { applicationId: 'app-1' },
      isValidResponse: true,
      errors: [],
    }));
    const uploadCv = vi.fn(async (file: File) => ({ cvId: NEW_CV_ID, fileName: file.name }));
    const { ports } = fakePorts({ createJobApplication, uploadCv });
    const upload = pdf();
    await applyWithChosenCv(ports, liveJob, model({ selectedCv: STORED_CV_ID, newCv: upload }));
    expect(uploadCv).toHaveBeenCalledWith(upload);
    expect(createJobApplication).toHaveBeenCalledWith(expect.objectContaining({ cvId: NEW_CV_ID }));
  });

  it('needs a selected or uploaded CV', async () => {
    const { ports, calls } = fakePorts();
    await expect(applyWithChosenCv(ports, liveJob, model({}))).rejects.toThrow('Please select or upload a CV');
    expect(calls).toEqual([]);
  });

  it('a job no longer live drops the CV with its employer', async () => {
    const createCvDrop = vi.fn(async () => {});
    const { ports } = fakePorts({ createCvDrop });
    expect(await applyWithChosenCv(ports, closedJob, model({ selectedCv: STORED_CV_ID }))).toEqual({ type: 'applied' });
    expect(createCvDrop).toHaveBeenCalledWith({ businessId: BUSINESS_ID, cvId: STORED_CV_ID });
  });

  it('a refused application toasts the first server error and goes to /applications after 2 seconds', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    const notifyError = vi.fn();
    const { ports } = fakePorts({
      navigate,
      notifyError,
      createJobApplication: async () => ({
        result: null,
        isValidResponse: false,
        errors: ['You have already applied for this job.', 'second'],
      }),
    });
    expect(await applyWithChosenCv(ports, liveJob, model({ selectedCv: STORED_CV_ID }))).toEqual({
      type: 'applyRejected',
    });
    expect(notifyError).toHaveBeenCalledWith('You have already applied for this job.');
    expect(REDIRECT_AFTER_REFUSED_APPLY_MS).toBe(2000);
    vi.advanceTimersByTime(1999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(APPLICATIONS_PATH);
    expect(APPLICATIONS_PATH).toBe('/applications');
  });

  it('"An error occurred." when the upload or the call fails', async () => {
    const { ports } = fakePorts({ uploadCv: async () => Promise.reject(new ApiError('x', { status: 413 })) });
    await expect(applyWithChosenCv(ports, liveJob, model({ newCv: pdf() }))).rejects.toThrow('An error occurred.');
  });
});
