import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Shown under every authentication step (product.md §2); the two pages it names are public. */
export function TermsNotice() {
  return (
    <p className="fine-print auth-terms">
      By continuing you agree to our <Link to={paths.terms}>Terms of Service</Link> and confirm that you have read our{' '}
      <Link to={paths.privacy}>Privacy Policy</Link>.
    </p>
  );
}
