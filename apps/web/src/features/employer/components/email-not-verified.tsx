import { Badge } from '../../../components/badge';

/** Issue 12 item 1: the candidate has not entered the code sent to this address yet, so it may be mistyped. */
export function EmailNotVerified({ verified }: { verified: boolean }) {
  if (verified) return null;
  return <Badge tone="warning">E-mail not verified</Badge>;
}
