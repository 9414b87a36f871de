import { vi } from 'vitest';

// The project reuses its workers between files (isolate: false in vitest.config.ts): starting a process
// and importing the service's dependencies for every file was a large part of its CPU. Each file still
// starts from fresh modules of its own, as it did in a process of its own: the reader pool, the sandbox
// found and other module state of src/ are not carried over from the file before (the libraries under
// node_modules are shared; none of them keeps state the tests depend on).
vi.resetModules();
