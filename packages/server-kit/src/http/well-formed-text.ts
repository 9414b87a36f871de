import { problem, PROBLEM_CONTENT_TYPE } from '../problem';
import { sharedPlugin } from './shared-plugin';

// eslint-disable-next-line no-control-regex
const ILL_FORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A value met on the walk, and how it was reached: its path is spelled out only for the one refused. */
interface Step {
  parent: Step | null;
  /** The key in its parent: a property name, or an index in an array. */
  key: string | number;
  value: unknown;
}

function pathOf(step: Step): string {
  const segments: string[] = [];
  for (let at: Step | null = step; at; at = at.parent) {
    segments.push(typeof at.key === 'number' ? `[${at.key}]` : at.parent ? `.${at.key}` : at.key);
  }
  return segments.reverse().join('');
}

/**
 * The path (body.name, query.page…) of the first key or string holding NUL or a lone surrogate, or
 * null. Iterative, so a body nested thousands deep cannot overflow the stack; paths are not built on the
 * way down, only for the value refused (a body nested 100,000 deep built as many ever longer strings).
 */
export function illFormedText(root: Record<string, unknown>): string | null {
  const stack: Step[] = Object.keys(root).map((key) => ({ parent: null, key, value: root[key] }));
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { value } = step;
    if (typeof value === 'string') {
      if (ILL_FORMED.test(value)) return pathOf(step);
    } else if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        stack.push({ parent: step, key: index, value: value[index] as unknown });
      }
    } else if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (ILL_FORMED.test(key)) return pathOf(step);
        stack.push({ parent: step, key, value: (value as Record<string, unknown>)[key] });
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
