import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Job } from '@careers/contracts/candidate';
import { AlertBanner } from '../../../components/alert-banner';
import { Spinner } from '../../../components/spinner';
import { usePageTitle } from '../../../components/page-title';
import { signOut } from '../../../lib/session/sign-out';
import { HydrateLater } from '../../../first-paint/hydration';
import { useServerRenderedApplyPage } from '../../../first-paint/server-rendered-page';
import { paths } from '../../../lib/paths';
import { useJob } from '../api/get-job';
import {
  APPLICATIONS_PATH,
  ApplyFlowError,
  applyWithChosenCv,
  restoreStoredSession,
  submitApplyForm,
  submitLogin,
  submitVerification,
  type ApplyTarget,
} from '../apply-flow';
import { applyReducer, initialApplyState, type ApplyEvent } from '../apply-machine';
import { createApplyPorts } from '../apply-ports';
import { applyMessages } from '../messages';
import type { JobFact } from '../utils/job-facts';
import { readApplicationTracking } from '../utils/tracking';
import { ApplyFormStep } from './apply-form-step';
import { CvSelectionStep } from './cv-selection-step';
import { JobDetails } from './job-details';
import { JobHeader, jobHeading } from './job-header';
import { LoginStep } from './login-step';
import { SuccessStep } from './success-step';
import { VerificationStep } from './verification-step';
import { useScreening } from './use-screening';
import './apply.css';

// Shown only to a signed-in candidate who already applied, after the page is interactive (0172).
const AlreadyApplied = lazy(() => import('./already-applied'));

/** The apply-for-job page (product.md §2 and §4): the job's header, then the steps. */
export function ApplyForJob({ jobId }: { jobId: string }) {
  const serverPage = useServerRenderedApplyPage(jobId);
  const job = useJob(jobId, serverPage);
  usePageTitle(job.data ? jobHeading(job.data, 'applying') : 'Apply now');
  return (
    <div className="apply-card">
      {job.isPending ? <Spinner label="Loading the job" /> : null}
      {job.isError ? (
        <>
          <h1 className="apply-header__title">Apply now</h1>
          <AlertBanner type="alert-danger" message={applyMessages.jobFetchFailed} />
          <p className="apply-missing">
            The link may be mistyped, or the job may have been taken down. Your applications are on your{' '}
            <a href={paths.applications}>Job Applications</a> page; if you are not signed in,{' '}
            <a href={paths.login}>sign in</a> first.
          </p>
        </>
      ) : null}
      {job.data ? (
        <ApplySteps
          job={job.data}
          logoUrl={serverPage?.logoUrl ?? null}
          facts={serverPage?.job === job.data ? serverPage.facts : undefined}
        />
      ) : null}
    </div>
  );
}

const noSubscription = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

/**
 * "Send us your CV" on a business's careers page (docs/decisions/0370): the CV drop of a closed job's apply
 * page, the same steps (sign-up or sign-in, the CV, the code), sent to the business with no job.
 */
export function SendCvToBusiness({
  business,
}: {
  business: { id: string; name: string; imageRelativeDirectory: string };
}) {
  const [target] = useState<Job>(() => ({
    id: business.id,
    businessId: business.id,
    businessName: business.name,
    imageRelativeDirectory: business.imageRelativeDirectory,
    title: business.name,
    description: '',
    isLive: false,
  }));
  return <ApplySteps job={target} logoUrl={null} facts={undefined} cvDropOnly />;
}

function ApplySteps({
  job,
  logoUrl,
  facts,
  cvDropOnly = false,
}: {
  job: Job;
  logoUrl: string | null;
  facts: JobFact[] | undefined;
  /** Only the steps: no job header, details or closed notice, and no job to look up (a careers page's CV drop). */
  cvDropOnly?: boolean;
}) {
  // A CV drop from a careers page has no job whose standing application to look for.
  const jobId = cvDropOnly ? undefined : job.id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ports = useMemo(
    () => createApplyPorts({ navigate: (path) => navigate(path), queryClient }),
    [navigate, queryClient],
  );
  // Tracking comes from the link the candidate arrived by, read once.
  const [target] = useState<ApplyTarget>(() => ({
    job,
    tracking: typeof window === 'undefined' ? {} : readApplicationTracking(window.location.href, document.referrer),
  }));
  const [state, dispatch] = useReducer(applyReducer, undefined, initialApplyState);
  const [busy, setBusy] = useState(false);
  // Only a session stored when the page opened is restored; one made by this flow's own sign-in is not.
  const [sessionAtStart] = useState(() => typeof window !== 'undefined' && ports.hasStoredSession());
  // The server cannot see the stored session and renders the form; hydration starts from that same
  // markup (the server snapshot), and React re-renders with the session before the browser paints.
  const pastHydration = useSyncExternalStore(noSubscription, isClient, isServer);
  const [restoreDone, setRestoreDone] = useState(false);
  const restoring = pastHydration && sessionAtStart && !restoreDone;
  const [alert, setAlert] = useState<string | null>(null);
  const screening = useScreening(job, busy);

  // product.md §4: with a stored session the page starts at cvSelection once the session and CVs are loaded.
  const restoredQuietly = useRef(false);
  useEffect(() => {
    if (!restoring) return;
    let cancelled = false;
    void restoreStoredSession(ports, jobId).then((event) => {
      if (cancelled) return;
      if (event) {
        restoredQuietly.current = cvDropOnly;
        dispatch(event);
      }
      setRestoreDone(true);
    });
    return () => {
      cancelled = true;
    };
  }, [ports, restoring, jobId, cvDropOnly]);

  // Focus moves to the new step's heading, so keyboard and screen-reader users land on it. Not for the step a
  // careers page's CV drop restores by itself as the page loads: the visitor has done nothing there yet, and the
  // focus would scroll the page down to the drop, past the business and its jobs.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    if (restoredQuietly.current) {
      restoredQuietly.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [state.step]);

  const run = useCallback(async (task: () => Promise<ApplyEvent>) => {
    setBusy(true);
    setAlert(null);
    try {
      dispatch(await task());
    } catch (error) {
      if (!(error instanceof ApplyFlowError)) console.error('Apply step failed', error);
      setAlert(error instanceof ApplyFlowError ? error.message : applyMessages.anErrorOccurred);
    } finally {
      setBusy(false);
    }
  }, []);

  const go = (event: ApplyEvent) => {
    setAlert(null);
    dispatch(event);
  };

  const logout = async () => {
    await signOut(queryClient);
    dispatch({ type: 'loggedOut' });
    navigate(paths.login);
  };

  const closedNotice = job.isLive ? null : (
    <div className="apply-notice apply-notice--closed" role="note">
      <p className="apply-notice__title">This job is no longer accepting applications.</p>
      <p>You can still send your CV to {job.businessName}, so they can contact you about other roles.</p>
    </div>
  );

  const alreadyApplied = state.step === 'cvSelection' && state.standingApplication !== null;
  // An existing candidate who came through the form typed details the profile may not have (0362).
  const { name, phone, postCode } = state.model;
  const typedDetails = useMemo(
    () => (state.mode === 'existing' && (name || phone || postCode) ? { name, phone, postCode } : null),
    [state.mode, name, phone, postCode],
  );
  // Before the Apply button: the job's screening questions, and the employer's promise to reply (docs/decisions/
  // 0412), said where the candidate decides; below the fields, so on a phone the form starts on the first screen.
  const replyDays = job.isLive ? job.replyWithinDays : undefined;
  const beforeApply = (
    <>
      {screening.block}
      {replyDays ? (
        <p className="apply-step__promise">We reply within {replyDays === 1 ? '1 day' : `${replyDays} days`}.</p>
      ) : null}
    </>
  );
  let content;
  if (restoring) {
    content = <Spinner label="Checking login status" />;
  } else {
    switch (state.step) {
      case 'form':
        content = (
          <ApplyFormStep
            headingRef={headingRef}
            defaultValues={{
              name: state.model.name,
              email: state.model.email,
              phone: state.model.phone,
              postCode: state.model.postCode,
            }}
            defaultCv={state.model.cv}
            jobIsLive={job.isLive}
            busy={busy}
            alert={alert}
            onAlertChange={setAlert}
            screening={beforeApply}
            onSubmit={(details, cv) =>
              screening.guard(() => void run(() => submitApplyForm(ports, screening.withAnswers(target), details, cv)))
            }
            onLogin={() => go({ type: 'loginChosen' })}
          />
        );
        break;
      case 'login':
        content = (
          <LoginStep
            headingRef={headingRef}
            defaultEmail={state.model.loginEmail || state.model.email}
            busy={busy}
            alert={alert}
            onAlertChange={setAlert}
            onSubmit={(loginEmail) => void run(() => submitLogin(ports, loginEmail))}
            onSignUp={() => go({ type: 'signUpChosen' })}
          />
        );
        break;
      case 'verification':
        content = (
          <VerificationStep
            headingRef={headingRef}
            email={state.codeSentTo}
            existingAccountNotice={state.existingAccountNotice}
            initialResendWait={state.resendWaitSeconds}
            busy={busy}
            alert={alert}
            onAlertChange={setAlert}
            onSubmit={(code) => void run(() => submitVerification(ports, state, code, jobId))}
            onAddressChanged={
              state.mode === 'new' ? (email) => dispatch({ type: 'addressCorrected', email }) : undefined
            }
            finishesJobId={state.mode === 'new' && job.isLive ? job.id : undefined}
          />
        );
        break;
      case 'cvSelection':
        // Already applied (and not withdrawn): said on arrival instead of offering Apply (issue 12 item 5).
        content = state.standingApplication ? (
          <Suspense fallback={null}>
            <AlreadyApplied
              headingRef={headingRef}
              application={state.standingApplication}
              businessName={job.businessName}
              onLogout={() => void logout()}
            />
          </Suspense>
        ) : (
          <CvSelectionStep
            headingRef={headingRef}
            cvs={state.cvs}
            model={state.model}
            jobIsLive={job.isLive}
            busy={busy}
            redirecting={state.redirecting}
            alert={alert}
            onAlertChange={setAlert}
            onSelect={(cvId) => dispatch({ type: 'cvSelected', cvId })}
            onNewCv={(file) => dispatch({ type: 'newCvChosen', file })}
            screening={beforeApply}
            onApply={() =>
              screening.guard(() => void run(() => applyWithChosenCv(ports, screening.withAnswers(target), state)))
            }
            onLogout={() => void logout()}
          />
        );
        break;
      case 'success':
        content = (
          <SuccessStep
            headingRef={headingRef}
            businessName={job.businessName}
            jobIsLive={job.isLive}
            onContinue={() => navigate(APPLICATIONS_PATH)}
            onLogout={() => void logout()}
            typedDetails={typedDetails}
          />
        );
        break;
    }
  }

  if (cvDropOnly) return <HydrateLater>{content}</HydrateLater>;
  return (
    <>
      <JobHeader
        job={job}
        logoUrl={logoUrl}
        state={state.step === 'success' ? 'applied' : alreadyApplied ? 'alreadyApplied' : 'applying'}
      />
      {state.step === 'success' || alreadyApplied ? null : closedNotice}
      {state.step === 'success' ? null : <JobDetails job={job} facts={facts} />}
      {/* A server-rendered page hydrates its step a task after the rest (docs/decisions/0222). */}
      <HydrateLater>{content}</HydrateLater>
    </>
  );
}
