import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { cv } from '../../../testing/candidate-fixtures';
import { CvListItem } from './cv-list-item';

describe('a CV in the list', () => {
  it("wraps a long file name between its parts ('_', '-', '.'), and its name reads whole", () => {
    const fileName = 'Curriculum_Vitae_Of_A_Candidate-With_A_Long_Name.final.pdf';
    render(
      <ul>
        <CvListItem
          cv={cv(1, { fileName })}
          uses={[]}
          onPreview={vi.fn()}
          onDownload={vi.fn()}
          onDelete={vi.fn()}
          downloading={false}
        />
      </ul>,
    );
    const heading = screen.getByRole('heading', { name: fileName });
    // A line-break chance after each separator: a phone breaks there, not inside a word.
    expect(heading.querySelectorAll('wbr')).toHaveLength(fileName.split(/[_\-.]/).length - 1);
    expect(heading.textContent).toBe(fileName);
  });
});
