import { AlertBanner } from '../../../components/alert-banner';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { useCandidate } from '../api/get-candidate';
import { ProfileForm } from './profile-form';
import './profile.css';

/** /profile: the candidate's personal details. */
export function ProfilePage() {
  const candidate = useCandidate();
  return (
    <section className="page profile-page" aria-labelledby="profile-title">
      <h1 id="profile-title">Profile</h1>
      <p className="page__lead">Employers see these details with every application you send.</p>
      {candidate.isPending ? <Spinner label="Loading your profile" /> : null}
      {candidate.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(candidate.error)} /> : null}
      {candidate.data ? <ProfileForm key={candidate.data.id} candidate={candidate.data} /> : null}
    </section>
  );
}
