import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessRetention } from '@careers/contracts/retention';
import {
  MIN_KEEP_DAYS,
  MIN_POOL_DAYS,
  RETENTION_COUNTRIES,
  RETENTION_PRESETS,
  type RetentionCountry,
} from '@careers/contracts/retention-values';
import { ResultStatus, useActionResult, type ActionResultState } from '../../../components/action-result';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { getBusinessRetention, putBusinessRetention } from '../../../lib/api/candidate/retention';
import { SelectField } from './select-field';

const KEY = ['employer', 'retention'] as const;

/**
 * The business's retention rule (docs/decisions/0440): its country's preset or its own period within the
 * preset's bound, the consent period it offers at apply, and a legal hold. Owners change it.
 */
export function RetentionSettings() {
  const rule = useQuery({ queryKey: KEY, queryFn: getBusinessRetention });
  // Kept here: the saved rule remakes the form, and the line that says it was saved must outlive that.
  const saved = useActionResult();
  if (!rule.data) return null;
  return <RetentionForm key={JSON.stringify(rule.data)} initial={rule.data} saved={saved} />;
}

const wholeDays = (value: string) => (/^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : NaN);

function RetentionForm({
  initial,
  saved: [result, showSaved, clearSaved],
}: {
  initial: BusinessRetention;
  saved: ActionResultState;
}) {
  const queryClient = useQueryClient();
  const [country, setCountry] = useState<RetentionCountry>(initial.country);
  const [keepDays, setKeepDays] = useState(String(initial.keepDays));
  const [poolDays, setPoolDays] = useState(initial.poolDays === null ? '' : String(initial.poolDays));
  const [hold, setHold] = useState(initial.legalHoldUntil ? initial.legalHoldUntil.slice(0, 10) : '');
  const [error, setError] = useState<string | null>(null);
  const preset = RETENTION_PRESETS[country];
  const save = useMutation({
    mutationFn: putBusinessRetention,
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      showSaved('Retention rule saved.');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keep = wholeDays(keepDays);
    if (!(keep >= MIN_KEEP_DAYS && keep <= preset.maxKeepDays)) {
      setError(`Keep applications between ${MIN_KEEP_DAYS} and ${preset.maxKeepDays} days (${preset.name}).`);
      return;
    }
    const pool = poolDays.trim() === '' ? null : wholeDays(poolDays);
    if (pool !== null && !(pool >= MIN_POOL_DAYS && pool <= preset.maxPoolDays)) {
      setError(`Offer between ${MIN_POOL_DAYS} and ${preset.maxPoolDays} days, or leave it empty (${preset.name}).`);
      return;
    }
    setError(null);
    clearSaved();
    save.mutate({
      country,
      keepDays: keep,
      poolDays: pool,
      legalHoldUntil: hold ? new Date(`${hold}T23:59:59Z`).toISOString() : null,
    });
  };
  return (
    <section className="card employer-retention" aria-labelledby="retention-title">
      <h2 id="retention-title">Retention of applications</h2>
      <p>
        How long you keep an application, its answers, its messages and its CV after your final decision (Hired, Not
        selected) or the candidate&apos;s withdrawal. Candidates see the date on their application. Today:{' '}
        {initial.chosen ? `${initial.keepDays} days` : `${initial.keepDays} days (the default)`}.
      </p>
      <form className="employer-form" noValidate aria-label="Retention of applications" onSubmit={submit}>
        {save.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(save.error)} /> : null}
        <AlertBanner type="alert-danger" message={error} />
        <SelectField
          label="Country"
          hint="Its preset is the period the law and its regulator expect."
          value={country}
          onChange={(event) => {
            const next = event.target.value as RetentionCountry;
            setCountry(next);
            setKeepDays(String(RETENTION_PRESETS[next].keepDays));
          }}
        >
          {RETENTION_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {RETENTION_PRESETS[c].name} ({RETENTION_PRESETS[c].keepDays} days)
            </option>
          ))}
        </SelectField>
        <TextInput
          label="Days kept after the decision"
          hint={`${MIN_KEEP_DAYS} to ${preset.maxKeepDays} days.`}
          inputMode="numeric"
          value={keepDays}
          onChange={(event) => setKeepDays(event.target.value)}
        />
        <TextInput
          label="Days to keep an application for other roles, with the candidate's consent (optional)"
          hint={`Empty: you do not ask. ${MIN_POOL_DAYS} to ${preset.maxPoolDays} days from the application.`}
          inputMode="numeric"
          value={poolDays}
          onChange={(event) => setPoolDays(event.target.value)}
        />
        <TextInput
          label="Legal hold until (optional)"
          hint="Only while a claim or an authority needs your records: nothing is deleted before this date, and candidates cannot take their CV back."
          type="date"
          value={hold}
          onChange={(event) => setHold(event.target.value)}
        />
        <Button type="submit" busy={save.isPending}>
          Save retention rule
        </Button>
        <ResultStatus result={result} />
      </form>
    </section>
  );
}
