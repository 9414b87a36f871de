/** A server-rendered page's inline script (src/first-paint/pre-hydration.ts), compiled. */
export function compilePreHydrationScript(): string;
