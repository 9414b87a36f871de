import { ContactForm } from './contact-form';

/** /contact-us. */
export function ContactPage() {
  return (
    <section className="page contact-page" aria-labelledby="contact-title">
      <h1 id="contact-title">Contact us</h1>
      <p className="page__lead">
        Questions about an application, your CVs or your account? Send us a message: we keep every message and read it,
        and when it needs an answer we write to the email address you give here.
      </p>
      <ContactForm />
    </section>
  );
}
