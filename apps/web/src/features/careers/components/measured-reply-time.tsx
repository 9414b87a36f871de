import type { CareersPage } from '@careers/contracts/careers';

/**
 * The business's measured median time to a first status change (docs/decisions/0414), computed by the service
 * from the status history of the last 90 days; shown only once there are enough data points to mean something.
 */
export function MeasuredReplyTime({ page }: { page: CareersPage }) {
  const measured = page.replyTime;
  if (!measured || measured.medianDays === null) return null;
  const days = measured.medianDays;
  const said = days < 1 ? 'less than a day' : days === 1 ? '1 day' : `${days} days`;
  return (
    <p className="careers__reply-time">
      Measured reply time: half of the candidates heard back from {page.business.name} within {said} (the median of{' '}
      {measured.dataPoints} applications over the last {measured.windowDays} days, from their status history).
    </p>
  );
}
