import { Button } from './button';
import './pagination.css';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Job applications pages'. */
  label: string;
  disabled?: boolean;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** Previous / next through a paged list; hidden when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange, label, disabled = false }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1 && page <= 1) return null;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pagination" aria-label={label}>
      <Button
        variant="secondary"
        onClick={() => onPageChange(page - 1)}
        disabled={disabled || page <= 1}
        aria-label="Previous page"
      >
        <span aria-hidden="true">‹ </span>Previous
      </Button>
      <p className="pagination__status" aria-live="polite">
        Page {page} of {pages}
        <span className="pagination__range">
          {' '}
          ({first}–{last} of {total})
        </span>
      </p>
      <Button
        variant="secondary"
        onClick={() => onPageChange(page + 1)}
        disabled={disabled || page >= pages}
        aria-label="Next page"
      >
        Next<span aria-hidden="true"> ›</span>
      </Button>
    </nav>
  );
}
