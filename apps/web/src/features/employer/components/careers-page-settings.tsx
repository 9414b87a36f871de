import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ABOUT_MAX, SLUG_MAX, SLUG_MIN } from '@careers/contracts/careers';
import { ResultStatus, useActionResult, type ActionResultState } from '../../../components/action-result';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextArea } from '../../../components/text-area';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { getCareersPageSettings, saveCareersPageSettings } from '../../../lib/api/candidate/careers-page-settings';
import { careersPath } from '../../../lib/paths';
import { employerMessages } from '../employer-messages';

const KEY = ['employer', 'careers-page'] as const;
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The business's careers page (docs/decisions/0370): its address and its "about us", plain text. The service
 * checks both (format, reserved words, another business's address); a changed address keeps the old one
 * redirecting.
 */
export function CareersPageSettings() {
  const settings = useQuery({ queryKey: KEY, queryFn: getCareersPageSettings });
  // Kept here: a new address remakes the form, and the line that says it was saved must outlive that.
  const saved = useActionResult();
  if (!settings.data) return null;
  return <SettingsForm key={settings.data.slug} initial={settings.data} saved={saved} />;
}

function SettingsForm({
  initial,
  saved: [result, showSaved, clearSaved],
}: {
  initial: { slug: string; about: string };
  saved: ActionResultState;
}) {
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState(initial.slug);
  const [about, setAbout] = useState(initial.about);
  const [slugError, setSlugError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: saveCareersPageSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      showSaved(employerMessages.saved);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = slug.trim();
    if (wanted.length < SLUG_MIN || wanted.length > SLUG_MAX || !SLUG_SHAPE.test(wanted)) {
      setSlugError(
        `${SLUG_MIN} to ${SLUG_MAX} lowercase letters, digits and single hyphens, not starting or ending with a hyphen.`,
      );
      return;
    }
    setSlugError(undefined);
    clearSaved();
    save.mutate({ slug: wanted, about: about.trim() });
  };
  return (
    <section className="card employer-careers" aria-labelledby="careers-settings-title">
      <h2 id="careers-settings-title">Careers page</h2>
      <p>
        Your open jobs, your about us and a way to send you a CV, at{' '}
        <a href={careersPath(initial.slug)}>{careersPath(initial.slug)}</a>.
      </p>
      <form className="employer-form" noValidate aria-label="Careers page" onSubmit={submit}>
        {save.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(save.error)} /> : null}
        <TextInput
          label="Address"
          hint="/careers/… : lowercase letters, digits and hyphens. The old address keeps working."
          value={slug}
          maxLength={SLUG_MAX}
          error={slugError}
          onChange={(event) => setSlug(event.target.value.toLowerCase())}
        />
        <TextArea
          label="About us"
          hint={`Plain text, at most ${ABOUT_MAX} characters; a blank line starts a new paragraph.`}
          value={about}
          maxLength={ABOUT_MAX}
          rows={6}
          onChange={(event) => setAbout(event.target.value)}
        />
        <div className="employer-form__actions">
          <Button type="submit" busy={save.isPending}>
            Save careers page
          </Button>
        </div>
        <ResultStatus result={result} />
      </form>
    </section>
  );
}
