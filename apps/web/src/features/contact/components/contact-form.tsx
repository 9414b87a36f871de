import { useState } from 'react';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { TextArea } from '../../../components/text-area';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { useAuth } from '../../../lib/use-auth';
import { useValidatedForm } from '../../../lib/validation';
import { useSendContactMessage } from '../api/send-contact-message';
import type { ContactForm as ContactFormValues } from '../contact-form-schema';
import { CONTACT_SOURCE, contactMessages } from '../contact-messages';
import './contact.css';

/** A message to the provider, with the candidate's own details filled in. */
export function ContactForm() {
  const { auth } = useAuth();
  const send = useSendContactMessage();
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useValidatedForm<ContactFormValues>(
    () => import('../contact-form-schema').then((module) => module.contactFormSchema),
    {
      defaultValues: { name: auth.name ?? '', email: auth.email ?? '', phone: auth.phone ?? '', message: '' },
    },
  );
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setSuccess(null);
    setFailure(null);
    send.mutate(
      { ...values, source: CONTACT_SOURCE },
      {
        onSuccess: () => {
          setSuccess(contactMessages.sent);
          form.reset({ ...values, message: '' });
        },
        onError: (error) => setFailure(firstServerErrorOr(error)),
      },
    );
  });

  return (
    <form className="contact-form card" noValidate onSubmit={onSubmit} aria-label="Contact us">
      <AlertBanner type="alert-success" message={success} onClose={() => setSuccess(null)} />
      <AlertBanner type="alert-danger" message={failure} onClose={() => setFailure(null)} />
      <div className="contact-form__grid">
        <TextInput label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
      </div>
      <TextArea label="How can we help?" rows={6} error={errors.message?.message} {...form.register('message')} />
      <div className="contact-form__actions">
        <Button type="submit" busy={send.isPending}>
          Send message
        </Button>
      </div>
    </form>
  );
}
