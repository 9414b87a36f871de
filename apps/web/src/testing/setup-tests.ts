import { afterAll, afterEach, vi } from 'vitest';

// The web project shares one jsdom per worker between files (isolate: false in vitest.config.ts:
// creating jsdom for every file took about half the project's CPU). Each file still starts as if alone:
// from fresh modules (so its vi.mock calls apply and no module keeps another file's state), an empty
// document at the starting address, and empty storage. The testing libraries are imported after the
// reset, so the file and this setup share one copy of them.
vi.resetModules();
if (typeof window !== 'undefined') {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
}
await import('@testing-library/jest-dom/vitest');
const { cleanup, configure } = await import('@testing-library/react');

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

// Preact runs effects after the next frame, or after 35 ms when no frame comes (preact/hooks afterNextFrame).
// That timer then calls cancelAnimationFrame. If the worker's next file runs in the node environment, jsdom's
// globals are gone by the time the timer fires: "cancelAnimationFrame is not defined", an unhandled error that
// fails the run though every test passed (seen in CI on a slow host). A jsdom file ends only after the timers
// it scheduled have fired: a timer set later, for longer, fires after them.
afterAll(async () => {
  if (typeof window !== 'undefined') await new Promise((resolve) => setTimeout(resolve, 50));
});
