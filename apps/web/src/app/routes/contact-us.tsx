import { ContactPage } from '../../features/contact/components/contact-page';
import { PageTitle } from '../../components/page-title';

/** Login required. */
export default function ContactUsRoute() {
  return (
    <>
      <PageTitle title="Contact us" />
      <ContactPage />
    </>
  );
}
