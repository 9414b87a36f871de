import { config } from 'zod';

/*
 * The one module that loads zod in the browser (docs/decisions/0220). zod is not in any landing page's first
 * load: lib/schemas.ts imports this module first, and every module that builds or parses a schema (the
 * contracts, the forms' schemas) only after it. zod decides at each object schema's construction whether to
 * compile its parser with new Function(); under the portal's CSP (no 'unsafe-eval') even its probe for that
 * is a console CSP violation, so this runs before any schema is built.
 */
config({ jitless: true });

// react-hook-form's zod resolver comes with zod: only a form whose schema has loaded uses it.
export { zodResolver } from '@hookform/resolvers/zod';
export { z } from 'zod';
