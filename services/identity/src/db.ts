import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  email: string;
  email_normalized: string;
  name: string;
  phone: string;
  roles: string[];
  password_hash: string | null;
  email_confirmed_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface IdentityDatabase {
  users: UsersTable;
}
