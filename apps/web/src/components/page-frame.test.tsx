import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import '@/i18n/i18n';
import { PageFrame } from './page-frame';

describe('the page frame', () => {
  it('says a page not built yet is coming, and never that the list is empty', () => {
    render(<PageFrame />);
    expect(screen.getByText('This page is coming soon')).toBeTruthy();
    expect(screen.queryByText(/nothing here|no loads/i)).toBeNull();
  });

  it('shows the page itself when it has one', () => {
    render(
      <PageFrame>
        <p>Loads</p>
      </PageFrame>,
    );
    expect(screen.getByText('Loads')).toBeTruthy();
    expect(screen.queryByText('This page is coming soon')).toBeNull();
  });
});
