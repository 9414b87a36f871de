/**
 * zod is for the forms only, and loads after a page's first load (docs/decisions/0220, 0310): the validation
 * hook (lib/validation.ts) imports a form's schema module through `schemaLoader`, which loads lib/zod-setup.ts
 * (zod, configured jitless) first. The services' answers are not parsed in the browser: each service checks
 * every answer against its response schema before sending it. No zod here: this module is in the first load.
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
