import { useState } from 'react';
import type { BusinessDetail } from '@careers/contracts/candidate-api';
import { LOGO_MAX_BYTES } from '@careers/contracts/candidate-values';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { FileDropArea } from '../../../components/file-drop-area';
import { TextInput } from '../../../components/text-input';
import { runtimeConfig } from '../../../config/runtime-config';
import { firstServerErrorOr } from '../../../lib/api-error';
import { notifySuccess } from '../../../lib/toast';
import { useValidatedForm } from '../../../lib/validation';
import { useBusiness, useSaveBusiness, useUploadLogo } from '../api/business';
import { employerMessages } from '../employer-messages';
import type { BusinessForm } from '../forms';
import { CareersPageSettings } from './careers-page-settings';
import { RetentionSettings } from './retention-settings';

function BusinessDetailsForm({ business }: { business: BusinessDetail | null }) {
  const save = useSaveBusiness(business !== null);
  const form = useValidatedForm<BusinessForm>(() => import('../forms').then((module) => module.businessFormSchema), {
    defaultValues: {
      name: business?.name ?? '',
      city: business?.city ?? '',
      phone: business?.phone ?? '',
      domain: business?.careersDomain ?? '',
    },
  });
  const { errors } = form.formState;
  return (
    <form
      className="employer-form card"
      noValidate
      aria-label="Business details"
      onSubmit={form.handleSubmit((values) =>
        save.mutate(
          { name: values.name, city: values.city || null, phone: values.phone || null, domain: values.domain || null },
          { onSuccess: () => notifySuccess(employerMessages.saved) },
        ),
      )}
    >
      {save.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(save.error)} /> : null}
      <TextInput
        label="Business name"
        autoComplete="organization"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextInput label="City" autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
      <TextInput
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextInput
        label="Careers domain"
        hint="For example jobs.yourbusiness.com"
        error={errors.domain?.message}
        {...form.register('domain')}
      />
      <div className="employer-form__actions">
        <Button type="submit" busy={save.isPending}>
          {business ? 'Save details' : 'Create business'}
        </Button>
      </div>
    </form>
  );
}

/** The logo candidates see on the apply page: a PNG, previewed before it is uploaded. */
function LogoUpload({ business }: { business: BusinessDetail }) {
  const upload = useUploadLogo();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A random number, as the apply page does (product.md §2), so a new logo shows at once.
  const [version, setVersion] = useState(() => Math.floor(Math.random() * 1000) + 1);
  const current = `${runtimeConfig.blobBaseUrl.replace(/\/+$/, '')}/${business.imageRelativeDirectory}/logo.png?v=${version}`;

  // The drop area checks the extension and the size; a file named .png that is not one is caught here.
  const choose = (chosen: File | null) => {
    setProblem(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.type && chosen.type !== 'image/png') return setProblem('The logo must be a PNG image.');
    setFile(chosen);
  };

  return (
    <section className="card employer-logo" aria-labelledby="logo-title">
      <h2 id="logo-title">Logo</h2>
      <p className="muted">A PNG image of at most 1 MB. Candidates see it on every job's apply page.</p>
      <div className="employer-logo__images">
        <figure>
          <img
            key={version}
            src={current}
            alt="Current logo"
            width="96"
            height="96"
            onError={(event) => (event.currentTarget.hidden = true)}
          />
          <figcaption>Current</figcaption>
        </figure>
        {file ? (
          <figure>
            <img
              alt="New logo preview"
              width="96"
              height="96"
              ref={(img) => {
                if (!img) return;
                const url = URL.createObjectURL(file);
                img.src = url;
                return () => URL.revokeObjectURL(url);
              }}
            />
            <figcaption>New</figcaption>
          </figure>
        ) : null}
      </div>
      <FileDropArea
        label="New logo"
        accept={['png']}
        rejectionMessage="The logo must be a PNG image."
        maxBytes={LOGO_MAX_BYTES}
        file={file}
        onFileChange={choose}
        disabled={upload.isPending}
      />
      {problem ? <AlertBanner type="alert-danger" message={problem} /> : null}
      {upload.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(upload.error)} /> : null}
      <Button
        disabled={!file}
        busy={upload.isPending}
        onClick={() =>
          file &&
          upload.mutate(file, {
            onSuccess: () => {
              setFile(null);
              setVersion((v) => (v % 1000) + 1);
              notifySuccess('Logo uploaded.');
            },
          })
        }
      >
        Upload logo
      </Button>
    </section>
  );
}

/** Shown in place of every console page until the business user has created their business. */
export function BusinessSetup() {
  return (
    <section className="page" aria-labelledby="setup-title">
      <h1 id="setup-title" tabIndex={-1}>
        Set up your business
      </h1>
      <p className="page__lead">Candidates see these details with your jobs.</p>
      <BusinessDetailsForm business={null} />
    </section>
  );
}

/** /employer/business: name, city, phone, careers domain and logo. */
export function BusinessPage() {
  const business = useBusiness();
  if (!business.data) return null;
  return (
    <section className="page employer-page" aria-labelledby="business-title">
      <h1 id="business-title">Business</h1>
      <BusinessDetailsForm business={business.data} />
      <LogoUpload business={business.data} />
      <CareersPageSettings />
      <RetentionSettings />
    </section>
  );
}
