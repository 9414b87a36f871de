import { useState } from 'react';
import { Link } from 'react-router';
import type { Candidate } from '@careers/contracts/candidate';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { notifyError } from '../../../lib/toast';
import { useValidatedForm } from '../../../lib/validation';
import { useUpdateProfile } from '../api/update-profile';
import type { ProfileForm as ProfileFormValues } from '../profile-form-schema';
import { profileMessages } from '../profile-messages';
import { paths } from '../../../lib/paths';

export interface ProfileFormProps {
  candidate: Candidate;
}

/** Name, phone and post code of the signed-in candidate; the e-mail address is changed on the account page. */
export function ProfileForm({ candidate }: ProfileFormProps) {
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateProfile();
  const form = useValidatedForm<ProfileFormValues>(
    () => import('../profile-form-schema').then((module) => module.profileFormSchema),
    {
      defaultValues: { name: candidate.name, phoneNumber: candidate.phoneNumber, postcode: candidate.postcode },
    },
  );
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setSuccess(null);
    setFailure(null);
    update.mutate(
      { id: candidate.id, ...values },
      {
        onSuccess: () => {
          setSuccess(profileMessages.saved);
          form.reset(values);
        },
        onError: (error) => {
          const message = firstServerErrorOr(error);
          setFailure(message);
          notifyError(message);
        },
      },
    );
  });

  return (
    <form className="profile-form card" noValidate onSubmit={onSubmit} aria-labelledby="profile-details-title">
      <h2 id="profile-details-title">Personal details</h2>
      <AlertBanner type="alert-success" message={success} onClose={() => setSuccess(null)} />
      <AlertBanner type="alert-danger" message={failure} onClose={() => setFailure(null)} />
      <div className="profile-form__fields">
        <TextInput label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextInput
          label="Phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phoneNumber?.message}
          {...form.register('phoneNumber')}
        />
        <TextInput
          label="Post code"
          autoComplete="postal-code"
          error={errors.postcode?.message}
          {...form.register('postcode')}
        />
        <dl className="profile-form__email">
          <dt>Email</dt>
          <dd>{candidate.email}</dd>
        </dl>
        <p className="profile-form__email-change">
          <Link to={paths.userAccount}>Change email address</Link>
        </p>
      </div>
      <div className="profile-form__actions">
        <Button type="submit" busy={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
