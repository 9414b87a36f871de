/**
 * How long a browser test waits for something that should happen: a page or an element to show, a poll to
 * pass, an e-mail to arrive (docs/decisions/0481). Sized for the slowest host CI has met; a wait that runs
 * out still fails the test, so a longer one costs nothing when the product works.
 */
export const WAIT_MS = 45_000;
