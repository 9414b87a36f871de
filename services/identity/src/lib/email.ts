/** Accounts are matched by this form of the address: the stored one keeps what the user typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from the outside are checked before they reach a uuid column (PostgreSQL would reject them). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
