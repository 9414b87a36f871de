import { NotificationSettingsPage } from '../../../features/employer/components/notification-settings';
import { PageTitle } from '../../../components/page-title';

export default function EmployerNotificationsRoute() {
  return (
    <>
      <PageTitle title="Emails · Employer" />
      <NotificationSettingsPage />
    </>
  );
}
