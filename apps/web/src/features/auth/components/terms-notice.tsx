/** Shown under every authentication step (SPEC §2). */
export function TermsNotice() {
  return (
    <p className="fine-print auth-terms">
      By continuing you agree to our Terms of Service and confirm that you have read our Privacy Policy.
    </p>
  );
}
