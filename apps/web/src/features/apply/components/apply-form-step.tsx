import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { CV_ACCEPTED_EXTENSIONS, CV_MAX_BYTES } from '@careers/contracts/candidate-values';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { FileDropArea } from '../../../components/file-drop-area';
import { TextInput } from '../../../components/text-input';
import { useValidatedForm } from '../../../lib/validation';
import type { ApplyDetails } from '../forms';
import { applyMessages } from '../messages';
import { preloadVerificationStep } from './verification-step';
import type { AutofillField } from '../cv-autofill';

export const CV_HINT = `PDF, DOC, DOCX or TXT, up to ${CV_MAX_BYTES / (1024 * 1024)} MB.`;

/** Issue 12 item 17: what the note under the CV says while and after the CV's details are read. */
export const CV_AUTOFILL_MESSAGES = {
  reading: 'Reading your details from the CV…',
  filled: 'Filled in from your CV — check before applying.',
  failed: 'Your details could not be read from this CV. Please fill them in yourself.',
} as const;
const FROM_CV_HINT = 'From your CV';
type AutofillState = { state: 'reading' | 'failed' } | { state: 'filled'; fields: AutofillField[] } | null;

export interface ApplyFormStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  defaultValues: ApplyDetails;
  defaultCv: File | null;
  jobIsLive: boolean;
  busy: boolean;
  alert: string | null;
  onAlertChange: (message: string | null) => void;
  onSubmit: (details: ApplyDetails, cv: File) => void;
  onLogin: () => void;
  /** Shown before the submit button: the job's screening questions (docs/decisions/0400) and its reply promise (0412). */
  screening?: ReactNode;
}

/** The form step: the candidate's details and one CV; 'Login' for candidates who already have an account. */
export function ApplyFormStep({
  headingRef,
  defaultValues,
  defaultCv,
  jobIsLive,
  busy,
  alert,
  onAlertChange,
  onSubmit,
  onLogin,
  screening = null,
}: ApplyFormStepProps) {
  const [cv, setCv] = useState<File | null>(defaultCv);
  const form = useValidatedForm<ApplyDetails>(() => import('../forms').then((module) => module.applyDetailsSchema), {
    defaultValues,
  });
  const { errors } = form.formState;
  const [autofill, setAutofill] = useState<AutofillState>(null);
  const autofillRequest = useRef<AbortController | null>(null);
  const busyRef = useRef(busy);
  useEffect(() => {
    busyRef.current = busy;
  }, [busy]);
  useEffect(() => () => autofillRequest.current?.abort(), []);

  /**
   * Reads the chosen CV's name, e-mail and phone (a module loaded only now) and puts them in the fields
   * that are still empty when the answer comes; nothing the candidate typed is replaced. A failure only
   * says so: applying never waits for it.
   */
  const fillFromCv = (file: File | null) => {
    autofillRequest.current?.abort();
    autofillRequest.current = null;
    if (!file) {
      setAutofill((current) => (current?.state === 'filled' ? current : null));
      return;
    }
    const request = new AbortController();
    autofillRequest.current = request;
    setAutofill({ state: 'reading' });
    import('../cv-autofill')
      .then(async ({ readCvFields, autofillValues }) => autofillValues(await readCvFields(file, request.signal)))
      .then((values) => {
        if (request.signal.aborted) return;
        const filled: AutofillField[] = [];
        if (!busyRef.current) {
          for (const field of ['name', 'email', 'phone'] as const) {
            const value = values[field];
            if (!value || form.getValues(field).trim() !== '') continue;
            form.setValue(field, value, {
              shouldDirty: true,
              shouldValidate: Boolean(form.getFieldState(field).error),
            });
            filled.push(field);
          }
        }
        setAutofill(filled.length > 0 ? { state: 'filled', fields: filled } : null);
      })
      .catch(() => {
        if (!request.signal.aborted) setAutofill({ state: 'failed' });
      });
  };
  const fromCv = (field: AutofillField) =>
    autofill?.state === 'filled' && autofill.fields.includes(field) ? FROM_CV_HINT : undefined;

  // One CV message in one place: a refused file's reason, under the CV field, already says that no CV is
  // chosen; only without one does the spec's alert ask for a CV.
  const [cvRefused, setCvRefused] = useState(false);
  const cvInputId = useId();
  const askForCv = () => {
    // With a refused file the reason is already under the field: the focus goes there instead.
    if (cvRefused) document.getElementById(cvInputId)?.focus();
    else onAlertChange(applyMessages.selectYourCv);
  };
  const chooseCv = (file: File | null) => {
    setCv(file);
    // Any choice, even a refused one, answers 'Please select your CV': one CV message, in one place.
    if (alert === applyMessages.selectYourCv) onAlertChange(null);
    fillFromCv(file);
  };

  return (
    <form
      className="apply-step"
      noValidate
      aria-labelledby="apply-form-title"
      onSubmit={form.handleSubmit(
        (details) => {
          // product.md §5: the whole form, CV included, is valid before any call.
          if (!cv) {
            askForCv();
            return;
          }
          // The code step comes next: its chunk loads while the form's calls run.
          preloadVerificationStep();
          onSubmit(details, cv);
        },
        () => {
          if (!cv) askForCv();
        },
      )}
    >
      <h2 id="apply-form-title" className="apply-step__title" ref={headingRef} tabIndex={-1}>
        Your details
      </h2>
      <p className="apply-step__lead">
        Add your CV and your details. We will email you a code to confirm your address.
      </p>
      <AlertBanner type="alert-danger" message={alert} onClose={() => onAlertChange(null)} />
      <div className="apply-step__fields">
        {/* The CV comes first: what is read from it fills the fields below, before they are typed. */}
        <FileDropArea
          label="CV"
          accept={CV_ACCEPTED_EXTENSIONS}
          rejectionMessage={applyMessages.cvRejected}
          maxBytes={CV_MAX_BYTES}
          hint={CV_HINT}
          file={cv}
          onFileChange={chooseCv}
          onRejectionChange={(rejection) => setCvRefused(rejection !== null)}
          id={cvInputId}
          disabled={busy}
        />
        <p className="apply-step__autofill" role="status">
          {autofill ? CV_AUTOFILL_MESSAGES[autofill.state] : ''}
        </p>
        <TextInput
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          hint={fromCv('name')}
          disabled={busy}
          {...form.register('name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          hint={fromCv('email')}
          disabled={busy}
          {...form.register('email')}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          hint={fromCv('phone')}
          disabled={busy}
          {...form.register('phone')}
        />
        <TextInput
          label="Post code"
          autoComplete="postal-code"
          error={errors.postCode?.message}
          disabled={busy}
          {...form.register('postCode')}
        />
      </div>
      {screening}
      <Button type="submit" busy={busy} fullWidth>
        {jobIsLive ? 'Apply' : 'Send my CV'}
      </Button>
      <p className="apply-step__switch">
        Already have an account?{' '}
        <Button variant="link" onClick={onLogin} disabled={busy}>
          Login
        </Button>
      </p>
    </form>
  );
}
