import { PrivacyPage } from '../../features/legal/legal-pages';
import './routes.css';

/** Public (no sign-in): the privacy policy the sign-in and sign-up pages name. */
export default function PrivacyRoute() {
  return <PrivacyPage />;
}
