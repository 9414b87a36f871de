import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s, not 1: a lazily loaded part (the toaster, a page's chunk) is
// transformed on its first import, which takes seconds on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
});
