import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApplicationStatus,
  applicationStatusOrder,
  applicationStatusSchema,
  jobTypeSchema,
  salaryRateTypeSchema,
} from '../src/enums';
import { authResponseSchema, emptyAuthResponse, NOBODY_LOGGED_IN } from '../src/identity';
import { createApplicationSchema, wrapped } from '../src/candidate';
import { pageQuerySchema } from '../src/common';

describe('enumerations keep the numbers of product.md §3', () => {
  it('application statuses', () => {
    expect(ApplicationStatus).toEqual({
      ApplicationPending: 0,
      Qualify: 10,
      ScheduleInterview: 20,
      Interviewed: 30,
      MakeOffer: 40,
      Hired: 50,
      Reject: 255,
    });
    expect(applicationStatusOrder).toEqual([0, 10, 20, 30, 40, 50, 255]);
    expect(applicationStatusSchema.safeParse(15).success).toBe(false);
  });
  it('job and salary rate types', () => {
    expect(jobTypeSchema.options).toEqual([1, 2]);
    expect(salaryRateTypeSchema.options).toEqual([0, 1, 2, 3]);
  });
});

describe('auth response', () => {
  it('has an empty state with id -1 and the spec message', () => {
    const empty = emptyAuthResponse();
    expect(empty.id).toBe(-1);
    expect(empty.feedbackMessage).toBe(NOBODY_LOGGED_IN);
    expect(NOBODY_LOGGED_IN).toBe('Nobody is logged in');
    expect(authResponseSchema.parse(empty)).toEqual(empty);
  });
});

describe('paging', () => {
  it('defaults to page 1 of 10 and caps the page size at 100', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(pageQuerySchema.parse({ page: '3', pageSize: '100' })).toEqual({ page: 3, pageSize: 100 });
    expect(pageQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('create application payload', () => {
  it('needs job, CV and readyToWork; tracking fields are optional', () => {
    const id = '6f1c1a52-8f3e-4a3c-9a55-0d8a9a1e2b3c';
    expect(createApplicationSchema.safeParse({ jobId: id, cvId: id, readyToWork: true }).success).toBe(true);
    expect(createApplicationSchema.safeParse({ jobId: id, readyToWork: true }).success).toBe(false);
  });
  it('wraps results as the candidate service does', () => {
    const schema = wrapped(z.object({ n: z.number() }));
    expect(schema.parse({ result: null, isValidResponse: false, errors: ['x'] })).toEqual({
      result: null,
      isValidResponse: false,
      errors: ['x'],
    });
  });
});
