import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../../testing/render';
import { PrivacyPage, TermsPage } from './legal-pages';

describe('Terms and Privacy pages', () => {
  it('the privacy policy says what we keep, how long, who sees it and how to have it deleted', () => {
    renderPage(<PrivacyPage />, { path: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    for (const name of ['What we keep', 'How long', 'Who sees it', 'How to have it deleted']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/delete your account and everything above with it/)).toBeInTheDocument();
  });

  it('the terms link to the privacy policy', () => {
    renderPage(<TermsPage />, { path: '/terms' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});
