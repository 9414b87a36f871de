import { problem, PROBLEM_CONTENT_TYPE } from '../problem';
import { sharedPlugin } from './shared-plugin';

// eslint-disable-next-line no-control-regex
const ILL_FORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path (body.name, query.page…) of the first key or string holding NUL or a lone surrogate, or
 * null. Iterative, so a body nested thousands deep cannot overflow the stack.
 */
export function illFormedText(root: Record<string, unknown>): string | null {
  const stack: Array<[string, unknown]> = Object.entries(root);
  while (stack.length > 0) {
    const [where, value] = stack.pop()!;
    if (typeof value === 'string') {
      if (ILL_FORMED.test(value)) return where;
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (ILL_FORMED.test(key)) return where;
        stack.push([Array.isArray(value) ? `${where}[${key}]` : `${where}.${key}`, child]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 (the query fails) and a lone surrogate has no UTF-8 (the driver
 * stores U+FFFD instead): refuse both at the boundary, on every route, before any schema or handler
 * (docs/decisions/0132). Answered here rather than thrown: plugins with their own error handler (the
 * /docs pages) answer alike.
 */
export const wellFormedText = sharedPlugin('well-formed-text', async (app) => {
  app.addHook('preValidation', async (request, reply) => {
    const where = illFormedText({ body: request.body, query: request.query, params: request.params });
    if (!where) return;
    const answer = problem(400, 'The request is not valid.', request.url, [
      `${where}: text must be valid Unicode without NUL characters`,
    ]);
    return reply.status(400).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(answer));
  });
});
