import { Link } from 'react-router';

/** Shown under every authentication step (product.md §2); the two pages it names are public. */
export function TermsNotice() {
  return (
    <p className="fine-print auth-terms">
      By continuing you agree to our <Link to="/terms">Terms of Service</Link> and confirm that you have read our <Link to="/privacy">Privacy Policy</Link>.
    </p>
  );
}
