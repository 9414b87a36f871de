import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { application, uuid } from '../../../testing/candidate-fixtures';
import { renderPage } from '../../../testing/render';
import { ApplicationCard } from './application-card';

/** The deletion date on an application (docs/decisions/0440). */
describe('the deletion date on an application', () => {
  it('shows the deletion date with its rule, and the consent, on the card once the date is known', () => {
    const known = application(1, {
      business: { id: uuid(300), name: 'Acme Ltd', city: 'Leeds', phone: null, careersDomain: null },
      deletesOn: '2026-09-01T10:00:00.000Z',
      deletionRule: "Germany's rule: 183 days after the final decision or a withdrawal",
      keptForOtherRolesUntil: '2026-08-01T09:00:00.000Z',
    });
    renderPage(
      <ul>
        <ApplicationCard application={known} />
        <ApplicationCard application={application(2, { deletesOn: null })} />
      </ul>,
    );
    const cards = screen.getAllByRole('article');
    expect(
      within(cards[0]!).getByText(/Acme Ltd will delete this application and your CV on 1 Sept? 2026/),
    ).toBeVisible();
    expect(within(cards[0]!).getByText(/Germany's rule: 183 days/)).toBeVisible();
    // One line with one date (docs/decisions/0547): the rule sets it here, so the consent adds no second date.
    expect(within(cards[0]!).queryByText(/2027/)).toBeNull();
    expect(within(cards[1]!).queryByText(/will delete this application/)).toBeNull();
  });
});
