import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ImportProgress } from './ImportProgress';

afterEach(cleanup);

describe('ImportProgress', () => {
  it('shows the stage and how far it got', () => {
    render(<ImportProgress progress={{ stage: 'writing', done: 2500, total: 10000 }} />);
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('Saving: 2,500 of 10,000')).toBeTruthy();
  });

  it('starts at uploading before the server has said anything', () => {
    render(<ImportProgress progress={null} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Uploading…')).toBeTruthy();
  });
});
