import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CandidatesTable {
  id: string;
  user_id: string;
  name: string;
  email: string;
  phone_number: string;
  postcode: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface CandidateDatabase {
  candidates: CandidatesTable;
}
