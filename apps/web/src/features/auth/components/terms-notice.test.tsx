import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../../../testing/render';
import { TermsNotice } from './terms-notice';

describe('terms notice', () => {
  it('the notice under the sign-in steps links to both pages', () => {
    renderPage(<TermsNotice />, { path: '/account/login' });
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});
