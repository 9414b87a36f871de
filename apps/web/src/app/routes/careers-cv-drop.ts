/*
 * The careers page's CV drop, the chunk careers.tsx loads on its first use (docs/decisions/0464). Through this
 * module, so that the apply page's own chunk (which the apply page starts with) is imported as before: a
 * module imported with import() keeps its export names in full.
 */
export { SendCvToBusiness as default } from '../../features/apply/components/apply-for-job';
