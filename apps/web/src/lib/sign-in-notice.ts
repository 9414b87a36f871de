/*
 * A line for the sign-in page from the page that sent the visitor there, when nothing of where they were is
 * left to say it on (the account they just deleted). Kept here rather than in the navigation's state: the
 * signed-out dashboard sends the visitor to the sign-in page too, and that navigation carries no state.
 */
let pending: string | null = null;

export const signInNotice = {
  leave(text: string): void {
    pending = text;
  },
  /** The line, left in place: the sign-in page reads it as it mounts and clears it as it goes. */
  peek(): string | null {
    return pending;
  },
  clear(): void {
    pending = null;
  },
};
