/** The job's facts in words live in lib/: the employer's job page words them the same way. */
export * from '../../../lib/job-facts';
