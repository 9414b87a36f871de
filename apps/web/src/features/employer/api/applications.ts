import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationStatus } from '@careers/contracts/enums';
import type { CvPreview } from '../../../components/cv-preview-frame';
import { getBusinessApplication } from '../../../lib/api/candidate/get-business-application';
import { getBusinessCvDrops } from '../../../lib/api/candidate/get-business-cv-drops';
import { getBusinessCvPreview } from '../../../lib/api/candidate/get-business-cv-preview';
import { getBusinessJobApplications } from '../../../lib/api/candidate/get-business-job-applications';
import { setBusinessApplicationStatus } from '../../../lib/api/candidate/set-business-application-status';
import { employerQueryKeys } from './query-keys';

export const APPLICATIONS_PAGE_SIZE = 10;

export interface ApplicationListQuery {
  page: number;
  status?: ApplicationStatus | undefined;
  search?: string | undefined;
  withdrawn?: boolean | undefined;
}

export function useJobApplications(jobId: string, query: ApplicationListQuery) {
  return useQuery(
    queryOptions({
      queryKey: employerQueryKeys.jobApplications(jobId, query),
      queryFn: () => getBusinessJobApplications(jobId, { ...query, pageSize: APPLICATIONS_PAGE_SIZE }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useApplication(applicationId: string) {
  return useQuery(
    queryOptions({
      queryKey: employerQueryKeys.application(applicationId),
      queryFn: () => getBusinessApplication(applicationId),
    }),
  );
}

/** Moves an application to another status; every list and application shown is read again. */
export function useMoveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      applicationId,
      applicationStatus,
    }: {
      applicationId: string;
      applicationStatus: ApplicationStatus;
    }) => setBusinessApplicationStatus(applicationId, applicationStatus),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerQueryKeys.applicationsRoot }),
  });
}

/** What the preview frame shows for a CV sent to the business: a PDF as such, a Word file as HTML, else text. */
async function loadBusinessCvPreview(cvId: string): Promise<CvPreview> {
  const { blob, mediaType } = await getBusinessCvPreview(cvId);
  if (mediaType === 'application/pdf') return { kind: 'pdf', blob: new Blob([blob], { type: 'application/pdf' }) };
  const text = await blob.text();
  return mediaType === 'text/html' ? { kind: 'html', html: text } : { kind: 'text', text };
}

/** Read when the viewer opens and shown from memory, as the candidate's own preview is. */
export function useBusinessCvPreview(cvId: string | null) {
  return useQuery({
    queryKey: employerQueryKeys.cvPreview(cvId),
    queryFn: () => loadBusinessCvPreview(cvId as string),
    enabled: cvId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export const CV_DROPS_PAGE_SIZE = 10;

export function useBusinessCvDrops(page: number) {
  return useQuery({
    queryKey: employerQueryKeys.cvDrops(page),
    queryFn: () => getBusinessCvDrops(page, CV_DROPS_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
}
