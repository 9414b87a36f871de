import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServices } from '../../../testing/fake-services';
import { renderPage } from '../../../testing/render';
import { ContactPage } from './contact-page';

describe('contact page', () => {
  it("is filled in from the signed-in user and sends the message with the portal's source", async () => {
    const fake = fakeServices((request) =>
      request.method === 'POST' && request.url === '/api/contact/contact' ? { status: 200 } : undefined,
    );
    const user = userEvent.setup();
    renderPage(<ContactPage />, { path: '/contact-us' });

    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('01234 567890');
    await user.type(screen.getByLabelText('How can we help?'), 'Where is my application?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you, your message has been sent. We keep every message and read it; when it needs an answer, we write to the email address you gave.',
    );
    expect(screen.getByRole('status')).not.toHaveTextContent('We will get back to you');
    expect(fake.called('POST', '/api/contact/contact')[0]?.data).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '01234 567890',
      message: 'Where is my application?',
      source: 'candidate-portal',
    });
    expect(screen.getByLabelText('How can we help?')).toHaveValue('');
  });

  it('needs a message and a valid e-mail before it calls anything', async () => {
    const fake = fakeServices(() => ({ status: 200 }));
    const user = userEvent.setup();
    renderPage(<ContactPage />, { path: '/contact-us' });
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter your message')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(fake.requests).toHaveLength(0);
  });

  it('shows the server problem when sending fails', async () => {
    fakeServices(() => ({
      status: 400,
      data: { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Message is too long' },
    }));
    const user = userEvent.setup();
    renderPage(<ContactPage />, { path: '/contact-us' });
    await user.type(screen.getByLabelText('How can we help?'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Message is too long');
  });
});
