import { AccountPage } from '../../features/account/components/account-page';

/** Login required. */
export default function UserAccountRoute() {
  return (
    <>
      <title>Candidate Account · Careers Portal</title>
      <AccountPage />
    </>
  );
}
