/** The job's facts and description live with the shared components: the employer's job page shows them too. */
export { JobDetails } from '../../../components/job-details';
