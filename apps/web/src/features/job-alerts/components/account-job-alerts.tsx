import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { firstServerErrorOr } from '../../../lib/api-error';
import { paths } from '../../../lib/paths';
import { deleteMyJobAlert, getMyJobAlerts } from '../api';
import './job-alerts.css';

const KEY = ['job-alerts', 'mine'] as const;

/** The account page's section of job alerts (issue 27 item 5): those of the account's address, each stopped with one press. */
export function AccountJobAlerts() {
  const queryClient = useQueryClient();
  const alerts = useQuery({ queryKey: KEY, queryFn: getMyJobAlerts });
  const stop = useMutation({
    mutationFn: deleteMyJobAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });

  return (
    <section className="account-section card" aria-labelledby="job-alerts-title">
      <h2 id="job-alerts-title">Job alerts</h2>
      {alerts.isError ? <p>Your job alerts could not be loaded: {firstServerErrorOr(alerts.error)}</p> : null}
      <AlertBanner type="alert-danger" message={stop.isError ? firstServerErrorOr(stop.error) : null} />
      {alerts.data && alerts.data.length === 0 ? (
        <p>
          You have no job alerts. Ask for one on a careers page or a <Link to={paths.jobs}>job search</Link>.
        </p>
      ) : null}
      {alerts.data && alerts.data.length > 0 ? (
        <ul className="job-alert-list">
          {alerts.data.map((alert) => (
            <li key={alert.id}>
              <span className="job-alert-list__label">
                {alert.label}
                {alert.confirmed ? null : ' (waiting for the link in its email)'}
              </span>
              <Button
                variant="danger-secondary"
                busy={stop.isPending && stop.variables === alert.id}
                onClick={() => stop.mutate(alert.id)}
                aria-label={`Stop the job alert: ${alert.label}`}
              >
                Stop
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
