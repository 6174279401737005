import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { stubFetch } from '../../../test-utils/fetch-stub';
import { testQueryClient } from '../../../test-utils/render';
import { FeedbackDialog } from './FeedbackDialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderDialog(onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <FeedbackDialog open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

describe('FeedbackDialog', () => {
  it('keeps Send disabled until subject and message are filled', async () => {
    const user = userEvent.setup();
    renderDialog();
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send feedback' });
    expect(send.disabled).toBe(true);
    await user.type(screen.getByLabelText('Subject'), 'Bug');
    expect(send.disabled).toBe(true);
    await user.type(screen.getByLabelText('Message'), 'It broke');
    expect(send.disabled).toBe(false);
  });

  it('sends type, subject, message and page, thanks the user, then resets and closes after 3 s', async () => {
    const stub = stubFetch({ 'POST /feedback/submit': { status: 201, body: { data: { success: true } } } });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onOpenChange = renderDialog();
    await user.click(screen.getByLabelText('Suggest an improvement'));
    await user.type(screen.getByLabelText('Subject'), 'Idea');
    await user.type(screen.getByLabelText('Message'), 'Dark mode for reports');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you! Your feedback has been submitted successfully.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sent' }).disabled).toBe(true);
    expect(stub.callsTo('POST /feedback/submit')[0]?.body).toEqual({
      type: 'enhancement',
      subject: 'Idea',
      message: 'Dark mode for reports',
      pageUrl: window.location.href,
    });
    expect(onOpenChange).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByLabelText<HTMLInputElement>('Subject').value).toBe('');
  });

  it.each([
    [{ status: 400, body: { error: 'Subject is required', code: 'validation' } }, 'Subject is required'],
    [{ status: 500 }, 'Failed to submit feedback. Please try again.'],
  ])('shows the failure text', async (reply, message) => {
    stubFetch({ 'POST /feedback/submit': reply });
    const user = userEvent.setup();
    renderDialog();
    await user.type(screen.getByLabelText('Subject'), 'S');
    await user.type(screen.getByLabelText('Message'), 'M');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send feedback' }).disabled).toBe(false);
  });
});
