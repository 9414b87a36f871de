import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Job } from '@careers/contracts/candidate';
import { JobDetails } from './job-details';

const job: Job = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Welder',
  description: 'MIG and TIG',
  businessId: '00000000-0000-4000-8000-000000000002',
  businessName: 'Acme Ltd',
  imageRelativeDirectory: 'acme',
  isLive: true,
  city: 'Leeds',
  fullTime: true,
  partTime: false,
  remote: false,
};

describe('the job details (issue 12 item 4, decision 0171)', () => {
  it('shows the facts the server worded, as they came', () => {
    render(<JobDetails job={job} facts={[{ label: 'Hours', value: 'Words from the server' }]} />);
    expect(screen.getByText('Words from the server')).toBeInTheDocument();
    expect(screen.getByText('MIG and TIG')).toBeInTheDocument();
  });

  it('words the facts itself when the page was rendered in the browser (no facts came with it)', async () => {
    render(<JobDetails job={job} />);
    expect(screen.getByText('MIG and TIG')).toBeInTheDocument();
    expect(await screen.findByText('Full time')).toBeInTheDocument();
    expect(screen.getByText('Leeds')).toBeInTheDocument();
  });
});
