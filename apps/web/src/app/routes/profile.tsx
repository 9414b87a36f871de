import { ProfilePage } from '../../features/profile/components/profile-page';

/** Login required (candidate-profile). */
export default function ProfileRoute() {
  return (
    <>
      <title>Profile · Careers Portal</title>
      <ProfilePage />
    </>
  );
}
