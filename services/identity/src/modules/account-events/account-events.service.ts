import { recordAccountEvent } from './account-events.repository';

export type { AccountEventKind } from './account-events.repository';

/**
 * Writes a notice for the candidate service (docs/decisions/0166). Call inside the transaction that makes
 * the change, so the notice exists exactly when the change does.
 */
export { recordAccountEvent };
