import { useState, type Ref } from 'react';
import { CV_ACCEPTED_EXTENSIONS, CV_MAX_BYTES } from '@careers/contracts/candidate';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { FileDropArea } from '../../../components/file-drop-area';
import { TextInput } from '../../../components/text-input';
import { useValidatedForm } from '../../../lib/validation';
import { applyDetailsSchema, type ApplyDetails } from '../forms';
import { applyMessages } from '../messages';

export const CV_HINT = `PDF, DOC, DOCX or TXT, up to ${CV_MAX_BYTES / (1024 * 1024)} MB.`;

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
}

/** The form step: the candidate's details and one CV; 'Login' for candidates who already have an account. */
export function ApplyFormStep({ headingRef, defaultValues, defaultCv, jobIsLive, busy, alert, onAlertChange, onSubmit, onLogin }: ApplyFormStepProps) {
  const [cv, setCv] = useState<File | null>(defaultCv);
  const form = useValidatedForm<ApplyDetails>(applyDetailsSchema, { defaultValues });
  const { errors } = form.formState;

  const chooseCv = (file: File | null) => {
    setCv(file);
    if (file && alert === applyMessages.selectYourCv) onAlertChange(null);
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
            onAlertChange(applyMessages.selectYourCv);
            return;
          }
          onSubmit(details, cv);
        },
        () => {
          if (!cv) onAlertChange(applyMessages.selectYourCv);
        },
      )}
    >
      <h2 id="apply-form-title" className="apply-step__title" ref={headingRef} tabIndex={-1}>
        Your details
      </h2>
      <p className="apply-step__lead">
        Tell us who you are and add your CV. We will email you a code to confirm your address.
      </p>
      <AlertBanner type="alert-danger" message={alert} onClose={() => onAlertChange(null)} />
      <div className="apply-step__fields">
        <TextInput label="Name" autoComplete="name" error={errors.name?.message} disabled={busy} {...form.register('name')} />
        <TextInput label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} disabled={busy} {...form.register('email')} />
        <TextInput label="Phone" type="tel" autoComplete="tel" inputMode="tel" error={errors.phone?.message} disabled={busy} {...form.register('phone')} />
        <TextInput label="Post code" autoComplete="postal-code" error={errors.postCode?.message} disabled={busy} {...form.register('postCode')} />
        <FileDropArea
          label="CV"
          accept={CV_ACCEPTED_EXTENSIONS}
          rejectionMessage={applyMessages.cvRejected}
          maxBytes={CV_MAX_BYTES}
          hint={CV_HINT}
          file={cv}
          onFileChange={chooseCv}
          disabled={busy}
        />
      </div>
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
