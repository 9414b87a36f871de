import { AccountPage } from '../../features/account/components/account-page';
import { PageTitle } from '../../components/page-title';

/** Login required. */
export default function UserAccountRoute() {
  return (
    <>
      <PageTitle title="Candidate Account" />
      <AccountPage />
    </>
  );
}
