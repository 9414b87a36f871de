import { ContactPage } from '../../features/contact/components/contact-page';

/** Login required. */
export default function ContactUsRoute() {
  return (
    <>
      <title>Contact us · Careers Portal</title>
      <ContactPage />
    </>
  );
}
