/**
 * zod and every schema load after a page's first load (docs/decisions/0220): a module that builds or parses
 * a schema is only imported through `schemaLoader`, which loads lib/zod-setup.ts (zod, configured jitless)
 * first. No zod here: this module is part of the first load.
 */

import type * as zodSetupModule from './zod-setup';

type ZodSetup = typeof zodSetupModule;

let zodSetup: Promise<ZodSetup> | undefined;

/** zod, configured for the portal's CSP, and the form resolver; loaded once (again after a failed load). */
export function loadZod(): Promise<ZodSetup> {
  if (!zodSetup) {
    const loading = import('./zod-setup');
    loading.catch(() => {
      if (zodSetup === loading) zodSetup = undefined;
    });
    zodSetup = loading;
  }
  return zodSetup;
}

/**
 * A loader of a module that builds schemas: the first call loads zod, then the module; later calls answer
 * the same promise (a failed load is tried again on the next call). The promise may be started early and
 * awaited later: a failure never goes unhandled in between.
 */
export function schemaLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    if (!loaded) {
      const loading = loadZod().then(load);
      loading.catch(() => {
        if (loaded === loading) loaded = undefined;
      });
      loaded = loading;
    }
    return loaded;
  };
}

/** The shared contracts' schemas, for the API functions that parse the services' answers. */
export const identityContracts = schemaLoader(() => import('@careers/contracts/identity'));
export const candidateContracts = schemaLoader(() => import('@careers/contracts/candidate'));
export const candidateApiContracts = schemaLoader(() => import('@careers/contracts/candidate-api'));
export const employerContracts = schemaLoader(() => import('@careers/contracts/employer'));
export const errorContracts = schemaLoader(() => import('@careers/contracts/errors'));
/** The employer console's schemas made from the contracts (arrays, a saved job). */
export const businessSchemas = schemaLoader(() => import('./api/candidate/business-schemas'));
