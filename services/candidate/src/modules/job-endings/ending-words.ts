import { ENDING_REASON_WORDS, type EndingReason } from '@careers/contracts/fair-endings';

/** The status e-mail's sentence for an outcome given when the job closed (docs/decisions/0410). */
export function endingSentence(reason: EndingReason): string {
  return `Why: ${ENDING_REASON_WORDS[reason]}. This is the final outcome of your application; nothing more is needed from you.`;
}
