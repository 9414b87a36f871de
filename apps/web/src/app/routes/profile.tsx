import { ProfilePage } from '../../features/profile/components/profile-page';
import { PageTitle } from '../../components/page-title';

/** Login required (candidate-profile). */
export default function ProfileRoute() {
  return (
    <>
      <PageTitle title="Profile" />
      <ProfilePage />
    </>
  );
}
