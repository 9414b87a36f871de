import { useSearchParams } from 'react-router';
import { UnsubscribeStatus } from '../../features/account/components/unsubscribe-status';
import './routes.css';

/** /unsubscribe?token=…: public (no sign-in), the unsubscribe link of the status e-mails (issue 12 item 14). */
export default function UnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  return <UnsubscribeStatus token={searchParams.get('token') ?? ''} />;
}
