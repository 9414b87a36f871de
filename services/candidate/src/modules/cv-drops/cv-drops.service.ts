import type { CvDrop } from '@careers/contracts/candidate';
import type { BusinessCvDropRow, CandidateCvDropRow } from './cv-drops.repository';

export function toCvDrop(row: CandidateCvDropRow): CvDrop {
  return {
    id: row.id,
    business: { id: row.b_id, name: row.b_name, city: row.b_city, phone: row.b_phone },
    appliedWithCvId: row.cv_id,
    appliedWithCvFileName: row.cv_file_name,
    appliedOn: row.dropped_at.toISOString(),
  };
}

export function toEmployerCvDrop(row: BusinessCvDropRow) {
  return {
    id: row.id,
    candidate: { id: row.c_id, name: row.c_name, email: row.c_email },
    cvId: row.cv_id,
    droppedOn: row.dropped_at.toISOString(),
  };
}
