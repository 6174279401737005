import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../lib/api-error';
import { EmptyNote, ListPage, ListStates, ShowMore } from './ListPage';

afterEach(cleanup);

const idle = { isPending: false, isError: false, error: null };

describe('ListPage', () => {
  it('is a region named by its level-1 heading, with the subtitle and the header actions', () => {
    render(
      <ListPage titleId="t" title="Tasks" subtitle="Operations" actions={<button type="button">New task</button>}>
        <p>rows</p>
      </ListPage>,
    );
    const region = screen.getByRole('region', { name: 'Tasks' });
    expect(region.querySelector('h1')?.textContent).toBe('Tasks');
    expect(screen.getByText('Operations')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New task' })).toBeTruthy();
    expect(screen.getByText('rows')).toBeTruthy();
  });
});

describe('ListStates', () => {
  const states = (
    query: Parameters<typeof ListStates>[0]['query'],
    extra: { isEmpty?: boolean; retry?: boolean } = {},
  ) =>
    render(
      <ListStates
        query={query}
        loadingLabel="Loading tasks"
        errorFallback="The tasks could not be loaded."
        isEmpty={extra.isEmpty ?? false}
        empty={<EmptyNote>No tasks yet.</EmptyNote>}
        {...(extra.retry === undefined ? {} : { retry: extra.retry })}
      >
        <ul aria-label="Tasks" />
      </ListStates>,
    );

  it('announces loading', () => {
    states({ ...idle, isPending: true });
    expect(screen.getByRole('status').textContent).toBe('Loading tasks');
  });

  it('says why loading failed and tries again on request', async () => {
    const refetch = vi.fn();
    states({ isPending: false, isError: true, error: new ApiError(500, 'x', 'Server is down'), refetch });
    expect(screen.getByRole('alert').textContent).toContain('Server is down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('falls back to its own words, and offers no retry when told not to', () => {
    states({ isPending: false, isError: true, error: new Error('boom'), refetch: vi.fn() }, { retry: false });
    expect(screen.getByRole('alert').textContent).toContain('The tasks could not be loaded.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the empty note or the list', () => {
    states(idle, { isEmpty: true });
    expect(screen.getByText('No tasks yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    cleanup();
    states(idle);
    expect(screen.getByRole('list', { name: 'Tasks' })).toBeTruthy();
  });
});

describe('ShowMore', () => {
  it('loads the next page, and is absent on the last one', async () => {
    const onMore = vi.fn();
    const { rerender } = render(<ShowMore hasMore loading={false} onMore={onMore} className="" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(onMore).toHaveBeenCalledOnce();
    rerender(<ShowMore hasMore={false} loading={false} onMore={onMore} className="" />);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
