import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { cvPreviewLinkSchema } from '@careers/contracts/candidate-api';
import {
  employerApplicationDetailSchema,
  employerApplicationPageSchema,
  employerCvDropSchema,
  type EmployerApplicationDetail,
  type EmployerApplicationPage,
} from '@careers/contracts/employer';
import type { ApplicationStatus } from '@careers/contracts/enums';
import { toApiError } from '../../../lib/api-error';
import { http } from '../../../lib/http-client';
import { createInstance } from '../../../lib/request';

/** The preview address carries its own short-lived token: no bearer token goes with it. */
const linkClient = createInstance({ timeout: 0 }, { onError: (error) => Promise.reject(toApiError(error)) });

export const APPLICATIONS_PAGE_SIZE = 10;
const applicationsKey = ['employer', 'applications'] as const;

export interface ApplicationListQuery {
  page: number;
  status?: ApplicationStatus | undefined;
  search?: string | undefined;
}

/** GET /business/jobs/{id}/applications: newest first, optionally one status and a name/e-mail search. */
export async function getJobApplications(jobId: string, query: ApplicationListQuery): Promise<EmployerApplicationPage> {
  const { data } = await http.candidate.get<unknown>(`/business/jobs/${encodeURIComponent(jobId)}/applications`, {
    params: {
      page: query.page,
      pageSize: APPLICATIONS_PAGE_SIZE,
      status: query.status,
      search: query.search || undefined,
    },
  });
  return employerApplicationPageSchema.parse(data);
}

export function useJobApplications(jobId: string, query: ApplicationListQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...applicationsKey, 'job', jobId, query],
      queryFn: () => getJobApplications(jobId, query),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /business/applications/{id}: contact details, CV, status history, utm source and campaign. */
export async function getApplication(applicationId: string): Promise<EmployerApplicationDetail> {
  const { data } = await http.candidate.get<unknown>(`/business/applications/${encodeURIComponent(applicationId)}`);
  return employerApplicationDetailSchema.parse(data);
}

export function useApplication(applicationId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...applicationsKey, 'one', applicationId],
      queryFn: () => getApplication(applicationId),
    }),
  );
}

/** PUT /business/applications/{id}/status: the candidate sees the new status and its time in their history. */
export function useMoveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      applicationId,
      applicationStatus,
    }: {
      applicationId: string;
      applicationStatus: ApplicationStatus;
    }) => {
      await http.candidate.put(`/business/applications/${encodeURIComponent(applicationId)}/status`, {
        applicationStatus,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsKey }),
  });
}

export interface CvFile {
  blob: Blob;
  fileName: string;
}

/** GET /business/cvs/{cvId}/download: the CV file sent to the business. */
export async function downloadBusinessCv(cvId: string, fileName: string): Promise<CvFile> {
  const response = await http.candidate.get<Blob>(`/business/cvs/${encodeURIComponent(cvId)}/download`, {
    responseType: 'blob',
    validateStatus: (status) => status === 200 || status === 206,
  });
  return { blob: response.data, fileName };
}

export type { CvPreview } from '../../../components/cv-preview-frame';
import type { CvPreview } from '../../../components/cv-preview-frame';

/**
 * POST /business/cvs/{cvId}/preview-link, then the preview itself (PDF and text as stored, DOCX as
 * sanitized HTML, DOC as text). Read here and shown from memory, as the candidate's own preview is.
 */
export async function getBusinessCvPreview(cvId: string): Promise<CvPreview> {
  const { data } = await http.candidate.post<unknown>(`/business/cvs/${encodeURIComponent(cvId)}/preview-link`);
  const link = cvPreviewLinkSchema.parse(data);
  const response = await linkClient.get<Blob>(link.url, { responseType: 'blob' });
  const type = response.headers['content-type'] ?? '';
  if (type.startsWith('application/pdf'))
    return { kind: 'pdf', blob: new Blob([response.data], { type: 'application/pdf' }) };
  const text = await response.data.text();
  return type.startsWith('text/html') ? { kind: 'html', html: text } : { kind: 'text', text };
}

export function useBusinessCvPreview(cvId: string | null) {
  return useQuery({
    queryKey: ['employer', 'cv-preview', cvId],
    queryFn: () => getBusinessCvPreview(cvId as string),
    enabled: cvId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export const CV_DROPS_PAGE_SIZE = 10;

/** GET /business/cv-drops: CVs candidates left with the business, newest first. */
export function useBusinessCvDrops(page: number) {
  return useQuery({
    queryKey: ['employer', 'cv-drops', page],
    queryFn: async () => {
      const { data } = await http.candidate.get<unknown>('/business/cv-drops', {
        params: { page, pageSize: CV_DROPS_PAGE_SIZE },
      });
      return z.array(employerCvDropSchema).parse(data);
    },
    placeholderData: keepPreviousData,
  });
}
