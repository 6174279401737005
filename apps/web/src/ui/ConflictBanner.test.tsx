import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../lib/api-error';
import { SaveProblem } from './ConflictBanner';

afterEach(cleanup);

const problem = (error: unknown, onReload = vi.fn()) =>
  render(<SaveProblem error={error} singular="Task" fallback="Could not save the task." onReload={onReload} />);

describe('SaveProblem', () => {
  it('shows nothing while nothing failed', () => {
    const { container } = problem(null);
    expect(container.textContent).toBe('');
  });

  it('offers to reload after a stale version (409), in the organization’s word for the thing', async () => {
    const onReload = vi.fn();
    problem(new ApiError(409, 'todo.stale', 'Stale'), onReload);
    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain('Someone else changed this Task');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('says why any other save failed', () => {
    problem(new ApiError(400, 'validation', 'Title is too long'));
    expect(screen.getByRole('alert').textContent).toContain('Title is too long');
    cleanup();
    problem(new Error('network'));
    expect(screen.getByRole('alert').textContent).toContain('Could not save the task.');
  });
});
