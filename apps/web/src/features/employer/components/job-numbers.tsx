import { applicationSourceName } from '@careers/contracts/application-sources';
import type { EmployerJobStats } from '@careers/contracts/employer';
import type { ApplicationStatus } from '@careers/contracts/enums';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../lib/format';
import { useEmployerJobStats } from '../api/jobs';
import { employerStatusLabel, statusesInOrder } from '../application-status';

/** The last `days` UTC days, oldest first, each with its applications (0 for a day without any). */
export function everyDay(
  stats: Pick<EmployerJobStats, 'days' | 'byDay'>,
  today = new Date(),
): { day: string; applications: number }[] {
  const counts = new Map(stats.byDay.map((entry) => [entry.day, entry.applications]));
  return Array.from({ length: stats.days }, (_, index) => {
    const date = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (stats.days - 1 - index)),
    );
    const day = date.toISOString().slice(0, 10);
    return { day, applications: counts.get(day) ?? 0 };
  });
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

function DayChart({ stats }: { stats: EmployerJobStats }) {
  const days = everyDay(stats);
  const most = Math.max(1, ...days.map((entry) => entry.applications));
  const inWindow = days.reduce((sum, entry) => sum + entry.applications, 0);
  const busiest = days.reduce(
    (best, entry) => (entry.applications > best.applications ? entry : best),
    days[0] ?? { day: '', applications: 0 },
  );
  const summary =
    inWindow === 0
      ? `No applications in the last ${stats.days} days.`
      : `${inWindow} application${inWindow === 1 ? '' : 's'} in the last ${stats.days} days; most on ${formatDate(busiest.day)} (${busiest.applications}).`;
  const width = 300;
  const height = 80;
  const barWidth = width / days.length;
  return (
    <figure className="employer-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} preserveAspectRatio="none">
        {days.map((entry, index) => {
          const barHeight = (entry.applications / most) * (height - 4);
          return (
            <rect
              key={entry.day}
              x={index * barWidth + 1}
              y={height - barHeight}
              width={Math.max(1, barWidth - 2)}
              height={barHeight}
              rx="1"
            >
              <title>{`${formatDate(entry.day)}: ${entry.applications}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption>{summary}</figcaption>
    </figure>
  );
}

function Bars({
  rows,
  total,
  label,
}: {
  rows: { key: string; name: string; count: number }[];
  total: number;
  label: string;
}) {
  return (
    <ul className="employer-bars" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key}>
          <span className="employer-bars__name">{row.name}</span>
          <span className="employer-bars__track" aria-hidden="true">
            <span className="employer-bars__fill" style={{ width: `${percent(row.count, total)}%` }} />
          </span>
          <span className="employer-bars__value">
            {row.count} ({percent(row.count, total)}%)
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A job's numbers: applications by day and by source, and the share that reached each stage (docs/decisions/0256). */
export function JobNumbers({ jobId }: { jobId: string }) {
  const stats = useEmployerJobStats(jobId);
  if (stats.isPending) return <Spinner label="Loading the numbers" />;
  if (!stats.data) return null;
  const data = stats.data;
  const reached = new Map(data.reached.map((entry) => [entry.applicationStatus, entry.applications]));
  return (
    <section className="card employer-numbers" aria-labelledby="numbers-title">
      <h2 id="numbers-title">Numbers</h2>
      {data.totalApplications === 0 ? (
        <p>No applications yet. Share the apply link to get the first ones.</p>
      ) : (
        <div className="employer-numbers__grid">
          <div>
            <h3>Applications by day</h3>
            <DayChart stats={data} />
          </div>
          <div>
            <h3>Where they came from</h3>
            <Bars
              label="Applications by source"
              total={data.totalApplications}
              rows={data.bySource.map((entry) => ({
                key: entry.source ?? '',
                name: applicationSourceName(entry.source),
                count: entry.applications,
              }))}
            />
          </div>
          <div>
            <h3>How far they got</h3>
            <Bars
              label="Applications that reached each status"
              total={data.totalApplications}
              rows={statusesInOrder.map((status: ApplicationStatus) => ({
                key: String(status),
                name: employerStatusLabel[status],
                count: reached.get(status) ?? 0,
              }))}
            />
            <p className="employer-bars__note">
              Each application counts for the furthest stage it reached and every stage before it; Rejected counts those
              rejected at any stage.
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
