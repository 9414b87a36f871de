import { useEffect } from 'react';
import { useParams } from 'react-router';
import { EmployerWelcomeForm } from '../../../features/employer/components/employer-welcome-form';

const TITLE = 'Welcome, set your password · Careers Portal';

/** /employer/welcome/{email}/{token...}: the link of the welcome e-mail (decision 0250). */
export default function EmployerWelcomeRoute() {
  const { email = '', '*': token = '' } = useParams();
  // The document's own title (a <title> element stays in the body under the browser build's renderer).
  useEffect(() => {
    document.title = TITLE;
  }, []);
  return <EmployerWelcomeForm email={email} token={token} />;
}
