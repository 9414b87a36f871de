import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Job } from '@careers/contracts/candidate';
import type { CreateJob, EmployerJob } from '@careers/contracts/employer';
import type { JobType, SalaryRateType, Workplace } from '@careers/contracts/enums';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextArea } from '../../../components/text-area';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { notifySuccess } from '../../../lib/toast';
import { useValidatedForm } from '../../../lib/validation';
import { useBusiness } from '../api/business';
import { useEmployerJob, useSaveJob } from '../api/jobs';
import { defaultCurrency } from '../currency';
import { JobAsCandidatesSeeIt } from './job-preview';
import { SelectField } from './select-field';
import { jobBody } from '../job-body';
import { ScreeningQuestionsEditor, checkQuestions, fromDrafts, toDrafts } from './screening-questions-editor';
import type { JobForm } from '../forms';
import { employerPaths } from '../paths';
import { ReplyWithinField, replyDaysProblem } from './job-endings';

const numberOrNull = (text: string) => (text === '' ? null : Number(text));

function toForm(job: EmployerJob | null, currency: string): JobForm {
  return {
    title: job?.title ?? '',
    description: job?.description ?? '',
    city: job?.city ?? '',
    postcode: job?.postcode ?? '',
    jobType: String(job?.jobType ?? 1) as JobForm['jobType'],
    hours: job?.partTime && job.fullTime ? 'both' : job?.partTime ? 'part' : 'full',
    workplace: job?.workplace ?? (job?.remote ? 'Remote' : 'OnSite'),
    salaryRateType: String(job?.salaryRateType ?? 0) as JobForm['salaryRateType'],
    salaryFrom: job?.salaryFrom == null ? '' : String(job.salaryFrom),
    salaryTo: job?.salaryTo == null ? '' : String(job.salaryTo),
    // A real value, never a placeholder that only looks like one: the job's own, else the business's.
    salaryCurrency: job?.salaryCurrency ?? currency,
    // The day the job stops taking applications (docs/decisions/0371); empty: 60 days after posting.
    validThrough: job?.validThrough ? job.validThrough.slice(0, 10) : '',
  };
}

const amountOrNull = (text: string) => {
  const value = text.trim() === '' ? null : Number(text);
  return value !== null && Number.isFinite(value) ? value : null;
};

/** The job the form describes, as the apply page would show it (the preview before posting or saving). */
function previewJob(values: JobForm, job: EmployerJob | null): Job {
  const salaryFrom = amountOrNull(values.salaryFrom);
  const salaryTo = amountOrNull(values.salaryTo);
  return {
    id: job?.id ?? 'new',
    businessId: job?.businessId ?? '',
    businessName: job?.businessName ?? '',
    imageRelativeDirectory: job?.imageRelativeDirectory ?? '',
    isLive: true,
    title: values.title,
    description: values.description,
    city: values.city || null,
    postcode: values.postcode || null,
    addressLine1: job?.addressLine1 ?? null,
    region: job?.region ?? null,
    state: job?.state ?? null,
    jobType: Number(values.jobType) as JobType,
    fullTime: values.hours !== 'part',
    partTime: values.hours !== 'full',
    workplace: values.workplace as Workplace,
    remote: values.workplace === 'Remote',
    salaryRateType: Number(values.salaryRateType) as SalaryRateType,
    salaryAmount: job?.salaryAmount ?? null,
    salaryFrom,
    salaryTo,
    salaryCurrency: /^[A-Za-z]{3}$/.test(values.salaryCurrency.trim())
      ? values.salaryCurrency.trim().toUpperCase()
      : null,
    salaryNegotiable: job?.salaryNegotiable ?? false,
  };
}

function toBody(values: JobForm, job: EmployerJob | null): CreateJob {
  const fields: Partial<CreateJob> = {
    title: values.title,
    description: values.description,
    city: values.city || null,
    postcode: values.postcode || null,
    jobType: Number(values.jobType) as JobType,
    fullTime: values.hours !== 'part',
    partTime: values.hours !== 'full',
    workplace: values.workplace as Workplace,
    remote: values.workplace === 'Remote',
    salaryRateType: Number(values.salaryRateType) as SalaryRateType,
    salaryFrom: numberOrNull(values.salaryFrom),
    salaryTo: numberOrNull(values.salaryTo),
    salaryCurrency: values.salaryCurrency.toUpperCase() || null,
    // The end of the chosen day (UTC); left empty, the service keeps the job's expiry or gives 60 days.
    ...(values.validThrough ? { validThrough: `${values.validThrough}T23:59:59.000Z` } : {}),
  };
  return job ? jobBody(job, fields) : ({ ...fields, isLive: true } as CreateJob);
}

function JobFormFields({ job, currency }: { job: EmployerJob | null; currency: string }) {
  const navigate = useNavigate();
  const save = useSaveJob();
  const form = useValidatedForm<JobForm>(() => import('../forms').then((module) => module.jobFormSchema), {
    defaultValues: toForm(job, currency),
  });
  const { errors } = form.formState;
  const values = form.watch();
  const [questions, setQuestions] = useState(() => toDrafts(job?.screeningQuestions));
  const [questionsProblem, setQuestionsProblem] = useState<string | null>(null);
  // "We reply within N days" (docs/decisions/0412), checked on submit as the questions are.
  const [replyDays, setReplyDays] = useState(() => String(job?.replyWithinDays ?? 14));
  const [replyDaysError, setReplyDaysError] = useState<string | null>(null);
  const replyDaysOk = () => {
    const problem = replyDaysProblem(replyDays);
    setReplyDaysError(problem);
    return problem === null;
  };
  return (
    <>
      <form
        className="employer-form card"
        noValidate
        aria-labelledby="job-form-title"
        onSubmit={form.handleSubmit(
          (values) =>
            // A question not yet whole is said under the questions, in words, before any call (0400).
            replyDaysOk() &&
            checkQuestions(questions, setQuestionsProblem) &&
            save.mutate(
              {
                ...(job ? { jobId: job.id } : {}),
                body: {
                  ...toBody(values, job),
                  screeningQuestions: fromDrafts(questions),
                  replyWithinDays: Number(replyDays),
                },
              },
              {
                onSuccess: (saved) => {
                  notifySuccess(job ? 'Job saved.' : 'Job posted.');
                  navigate(employerPaths.job(saved.id));
                },
              },
            ),
        )}
      >
        <h1 id="job-form-title">{job ? `Edit ${job.title}` : 'Post a job'}</h1>
        {save.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(save.error)} /> : null}
        <TextInput label="Job title" error={errors.title?.message} {...form.register('title')} />
        <TextArea label="Description" rows={8} error={errors.description?.message} {...form.register('description')} />
        <div className="employer-form__grid">
          <TextInput label="City" autoComplete="off" error={errors.city?.message} {...form.register('city')} />
          <TextInput
            label="Closes on"
            type="date"
            hint="Applications stop after this day; empty: 60 days after posting."
            error={errors.validThrough?.message}
            {...form.register('validThrough')}
          />
          <ReplyWithinField value={replyDays} onChange={setReplyDays} error={replyDaysError} />
          <TextInput
            label="Post code"
            autoComplete="off"
            error={errors.postcode?.message}
            {...form.register('postcode')}
          />
          <label className="employer-select">
            <span>Job type</span>
            <select {...form.register('jobType')}>
              <option value="1">Permanent</option>
              <option value="2">Contract</option>
            </select>
          </label>
          <label className="employer-select">
            <span>Hours</span>
            <select {...form.register('hours')}>
              <option value="full">Full time</option>
              <option value="part">Part time</option>
              <option value="both">Full or part time</option>
            </select>
          </label>
          <label className="employer-select">
            <span>Workplace</span>
            <select {...form.register('workplace')}>
              <option value="OnSite">On-site</option>
              <option value="Hybrid">Hybrid</option>
              <option value="Remote">Remote</option>
            </select>
          </label>
          <TextInput
            label="Salary from"
            inputMode="decimal"
            error={errors.salaryFrom?.message}
            {...form.register('salaryFrom')}
          />
          <TextInput
            label="Salary to"
            inputMode="decimal"
            error={errors.salaryTo?.message}
            {...form.register('salaryTo')}
          />
          <TextInput
            label="Currency"
            hint="Three letters, such as GBP or EUR"
            autoComplete="off"
            maxLength={3}
            error={errors.salaryCurrency?.message}
            {...form.register('salaryCurrency')}
          />
          <SelectField
            label="Salary per"
            hint="Needed once you give an amount"
            error={errors.salaryRateType?.message}
            {...form.register('salaryRateType')}
          >
            <option value="0">No salary given</option>
            <option value="1">Hour</option>
            <option value="2">Day</option>
            <option value="3">Year</option>
          </SelectField>
        </div>
        <ScreeningQuestionsEditor drafts={questions} onChange={setQuestions} problem={questionsProblem} />
        <div className="employer-form__actions">
          <Link className="btn btn--secondary" to={job ? employerPaths.job(job.id) : employerPaths.jobs}>
            Cancel
          </Link>
          <Button type="submit" busy={save.isPending}>
            {job ? 'Save job' : 'Post job'}
          </Button>
        </div>
      </form>
      <JobAsCandidatesSeeIt job={previewJob(values, job)} title="Preview: as candidates will see it" />
    </>
  );
}

/** /employer/jobs/new. */
export function NewJobPage() {
  const business = useBusiness();
  return (
    <section className="page employer-page">
      {business.isPending ? (
        <Spinner label="Loading the job form" />
      ) : (
        <JobFormFields job={null} currency={defaultCurrency(business.data)} />
      )}
    </section>
  );
}

/** /employer/jobs/{id}/edit. */
export function EditJobPage({ jobId }: { jobId: string }) {
  const job = useEmployerJob(jobId);
  const business = useBusiness();
  return (
    <section className="page employer-page">
      {job.isPending ? <Spinner label="Loading the job" /> : null}
      {job.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(job.error)} /> : null}
      {job.data && !business.isPending ? (
        <JobFormFields job={job.data} currency={defaultCurrency(business.data)} />
      ) : null}
    </section>
  );
}
