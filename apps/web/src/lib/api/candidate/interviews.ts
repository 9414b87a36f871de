import type {
  Availability,
  AvailabilityAnswer,
  BookOwnInterview,
  InterviewAnswer,
  InterviewFeed,
  JobInterviews,
} from '@careers/contracts/interviews';
import { http } from '../../http-client';
import { ownTimeZone } from '../../interview-times';

/*
 * Interviews (issue 28 items 2-5): the candidate's calls under /job-applications/{id}/interview, the
 * business's under /business/applications/{id}/interview and /business/interviews.
 */

const own = (applicationId: string) => `/job-applications/${encodeURIComponent(applicationId)}/interview`;
const business = (applicationId: string) => `/business/applications/${encodeURIComponent(applicationId)}/interview`;

/** GET /job-applications/{id}/interview: the interview of one of the caller's applications, with its open slots. */
export async function getOwnInterview(applicationId: string): Promise<InterviewAnswer> {
  return (await http.candidate.get<InterviewAnswer>(own(applicationId))).data;
}

/**
 * PUT /job-applications/{id}/interview/booking: book (or move to) one open slot. It gives the zone the slot
 * picker showed the times in, so that the e-mails say them in it too.
 */
export async function bookOwnInterview(applicationId: string, startsAt: string): Promise<InterviewAnswer> {
  const body: BookOwnInterview = { startsAt, timeZone: ownTimeZone() };
  return (await http.candidate.put<InterviewAnswer>(`${own(applicationId)}/booking`, body)).data;
}

/** DELETE /job-applications/{id}/interview. */
export async function cancelOwnInterview(applicationId: string): Promise<InterviewAnswer> {
  return (await http.candidate.delete<InterviewAnswer>(own(applicationId))).data;
}

export async function getBusinessInterview(applicationId: string): Promise<InterviewAnswer> {
  return (await http.candidate.get<InterviewAnswer>(business(applicationId))).data;
}

/** POST /business/applications/{id}/interview: invite the candidate to choose a time, with the caller as interviewer. */
export async function inviteToInterview(applicationId: string): Promise<InterviewAnswer> {
  return (await http.candidate.post<InterviewAnswer>(business(applicationId), {})).data;
}

export async function moveBusinessInterview(applicationId: string, startsAt: string): Promise<InterviewAnswer> {
  return (await http.candidate.put<InterviewAnswer>(`${business(applicationId)}/booking`, { startsAt })).data;
}

export async function cancelBusinessInterview(applicationId: string): Promise<InterviewAnswer> {
  return (await http.candidate.delete<InterviewAnswer>(business(applicationId))).data;
}

export async function getOwnAvailability(): Promise<AvailabilityAnswer> {
  return (await http.candidate.get<AvailabilityAnswer>('/business/interviews/availability')).data;
}

export async function setOwnAvailability(availability: Availability): Promise<AvailabilityAnswer> {
  return (await http.candidate.put<AvailabilityAnswer>('/business/interviews/availability', availability)).data;
}

export async function getOwnFeed(): Promise<InterviewFeed> {
  return (await http.candidate.get<InterviewFeed>('/business/interviews/feed')).data;
}

/** POST /business/interviews/feed: a new address (shown once); the old one stops working. */
export async function makeOwnFeed(): Promise<InterviewFeed> {
  return (await http.candidate.post<InterviewFeed>('/business/interviews/feed')).data;
}

export async function removeOwnFeed(): Promise<InterviewFeed> {
  return (await http.candidate.delete<InterviewFeed>('/business/interviews/feed')).data;
}

/** GET /business/jobs/{id}/interviews: the open interviews of a job's applications, for the pipeline's cards. */
export async function getJobInterviews(jobId: string): Promise<JobInterviews> {
  return (await http.candidate.get<JobInterviews>(`/business/jobs/${encodeURIComponent(jobId)}/interviews`)).data;
}
