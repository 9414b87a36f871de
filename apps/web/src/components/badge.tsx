import type { ReactNode } from 'react';
import './badge.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeProps {
  tone?: BadgeTone;
  /** Read before the text by screen readers, e.g. 'Status:'; the colour alone never carries meaning. */
  srPrefix?: string;
  children: ReactNode;
}

/** A short status word in a coloured pill. */
export function Badge({ tone = 'neutral', srPrefix, children }: BadgeProps) {
  return (
    <span className={`badge badge--${tone}`}>
      {srPrefix ? <span className="visually-hidden">{srPrefix} </span> : null}
      {children}
    </span>
  );
}
