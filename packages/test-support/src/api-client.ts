/**
 * A client of the two services typed by the contracts (the request and answer shapes the services
 * themselves parse with): one method per operation the tests, the seed script and the load scripts call.
 * Each method answers the body of a 200 and throws with the status and body otherwise; `call` is there
 * for answers a test expects to be refused.
 */
import type {
  CandidateCreate,
  CandidateCreated,
  CreateApplication,
  CreateApplicationResult,
  CvUploadResult,
} from '@careers/contracts/candidate';
import type {
  CreateBusiness,
  CreateJob,
  EmployerApplication,
  EmployerApplicationPage,
  EmployerJob,
  UpdateApplicationStatus,
} from '@careers/contracts/employer';
import type {
  AuthResponse,
  ForgotPasswordRequest,
  LoginRequest,
  RegistrationRequest,
  RegistrationResult,
  ResetPasswordRequest,
} from '@careers/contracts/identity';
import { botCheckToken } from './bot-check';
import { callApi, expectOk, fileForm, type ApiAnswer, type CallInit, type Fetch } from './http';

export interface ServiceUrls {
  identityUrl: string;
  candidateUrl: string;
}

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export type NewUser = Omit<RegistrationRequest, 'token'>;

export function servicesClient(urls: ServiceUrls, fetchImpl: Fetch = fetch) {
  const { identityUrl, candidateUrl } = urls;
  const call = <T>(url: string, init: CallInit = {}): Promise<ApiAnswer<T>> => callApi<T>(url, init, fetchImpl);
  const ok = async <T>(what: string, url: string, init: CallInit = {}): Promise<T> =>
    expectOk(what, await call<T>(url, init));
  const post = (json: unknown, token?: string): CallInit => ({ method: 'POST', json, token });

  return {
    urls,
    call,
    /** A solved bot-check payload for the next registration or code sign-in. */
    botCheckToken: () => botCheckToken(identityUrl, fetchImpl),

    identity: {
      registerCandidateUser: async (user: NewUser) =>
        ok<RegistrationResult>(
          `registration of ${user.email}`,
          `${identityUrl}/api/register/candidate-user`,
          post({ ...user, token: await botCheckToken(identityUrl, fetchImpl) }),
        ),
      registerBusinessUser: async (user: NewUser) =>
        ok<RegistrationResult>(
          `registration of ${user.email}`,
          `${identityUrl}/api/register/business-user`,
          post({ ...user, token: await botCheckToken(identityUrl, fetchImpl) }),
        ),
      login: (request: LoginRequest) => call<AuthResponse>(`${identityUrl}/api/account/login`, post(request)),
      forgotPassword: (request: ForgotPasswordRequest) =>
        ok<unknown>(
          `forgot-password for ${request.email}`,
          `${identityUrl}/api/account/forgot-password`,
          post(request),
        ),
      resetPassword: (request: ResetPasswordRequest) =>
        ok<{ succeeded: boolean; errors?: string[] }>(
          `reset-password for ${request.email}`,
          `${identityUrl}/api/account/reset-password`,
          post(request),
        ),
      sendVerificationCode: (email: string) =>
        ok<unknown>(`sending a code to ${email}`, `${identityUrl}/api/account/send-verification-code`, post({ email })),
      verifyCode: async (email: string, code: string) =>
        ok<AuthResponse>(
          `verify-code for ${email}`,
          `${identityUrl}/api/account/verify-code`,
          post({ email, code, token: await botCheckToken(identityUrl, fetchImpl) }),
        ),
    },

    candidate: {
      create: (token: string, candidate: CandidateCreate) =>
        ok<CandidateCreated>('creating the candidate', `${candidateUrl}/candidate`, post(candidate, token)),
      uploadCv: (token: string, file: UploadFile) =>
        ok<CvUploadResult>(`uploading ${file.name}`, `${candidateUrl}/cvs`, {
          method: 'POST',
          token,
          body: fileForm(file),
        }),
      /** POST /job-applications; throws unless the answer is valid. */
      apply: async (token: string, application: CreateApplication) => {
        const answer = await ok<CreateApplicationResult>(
          'applying',
          `${candidateUrl}/job-applications`,
          post(application, token),
        );
        if (!answer.isValidResponse || !answer.result) throw new Error(`applying failed: ${answer.errors.join('; ')}`);
        return answer.result.applicationId;
      },
      dropCv: (token: string, drop: { businessId: string; cvId: string }) =>
        ok<unknown>('dropping a CV', `${candidateUrl}/cv-drops`, post(drop, token)),
    },

    employer: {
      createBusiness: (token: string, business: CreateBusiness) =>
        ok<{ id: string; imageRelativeDirectory: string }>(
          `creating the business ${business.name}`,
          `${candidateUrl}/business`,
          post(business, token),
        ),
      uploadLogo: (token: string, png: Buffer) =>
        ok<{ url: string }>('the logo upload', `${candidateUrl}/business/logo`, {
          method: 'POST',
          token,
          body: fileForm({ name: 'logo.png', mimeType: 'image/png', buffer: png }),
        }),
      createJob: (token: string, job: CreateJob) =>
        ok<EmployerJob>(`creating the job ${job.title}`, `${candidateUrl}/business/jobs`, post(job, token)),
      setApplicationStatus: (token: string, applicationId: string, status: UpdateApplicationStatus) =>
        ok<unknown>('moving the application', `${candidateUrl}/business/applications/${applicationId}/status`, {
          method: 'PUT',
          json: status,
          token,
        }),
      /** Every page of GET /business/jobs/{id}/applications. */
      applications: async (token: string, jobId: string) => {
        const all: EmployerApplication[] = [];
        for (let page = 1; ; page++) {
          const answer = await ok<EmployerApplicationPage>(
            'the employer’s applications',
            `${candidateUrl}/business/jobs/${jobId}/applications?page=${page}&pageSize=100`,
            { token },
          );
          all.push(...answer.applications);
          if (answer.applications.length === 0 || all.length >= answer.totalApplications) return all;
        }
      },
    },
  };
}

export type ServicesClient = ReturnType<typeof servicesClient>;
