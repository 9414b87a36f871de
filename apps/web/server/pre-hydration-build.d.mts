/** A server-rendered page's inline script (src/first-paint/pre-hydration.ts), compiled. */
export function compilePreHydrationScript(): string;
/** The signed-in dashboard's inline script (src/first-paint/early-requests.ts), compiled. */
export function compileEarlyRequestsScript(): string;
