/**
 * `react` for the browser build and the server-rendering bundle (vite.config.ts): Preact's
 * compatibility layer (docs/decisions/0062), plus the one hook React Router imports that it lacks.
 * React Router calls useOptimistic's setter only for routers created with `useTransitions: true`, which
 * the portal never sets, so the state passes through. Plain JavaScript: the compatibility layer's types
 * are written as `export =`, which TypeScript cannot re-export with `export *`.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * @template State
 * @param {State} state
 * @returns {[State, (action: unknown) => void]}
 */
export function useOptimistic(state) {
  return [state, () => {}];
}
