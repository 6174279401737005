import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LegalAgreementBlock } from './LegalAgreementBlock';

describe('LegalAgreementBlock', () => {
  it('reports the acceptance record only once both boxes are ticked', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<LegalAgreementBlock onChange={onChange} />);
    await user.click(screen.getByLabelText('I have read and agree to the Terms of Service'));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ termsAccepted: true, privacyAccepted: false, acceptedAt: '' }),
    );
    await user.click(screen.getByLabelText('I have read and agree to the Privacy Policy'));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ termsAccepted: true, privacyAccepted: true, version: '1.0' }),
    );
    await user.click(screen.getByLabelText('I have read and agree to the Terms of Service'));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ termsAccepted: false, privacyAccepted: true, version: '' }),
    );
  });

  it('opens each document with Close and Accept; Close leaves the box as it was', async () => {
    const user = userEvent.setup();
    render(<LegalAgreementBlock onChange={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Read the Terms of Service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Service' });
    expect(within(dialog).getByRole('region', { name: 'Terms of Service text' })).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('I have read and agree to the Terms of Service').checked).toBe(
      false,
    );
  });

  it('shows the error it is given as an alert', () => {
    render(<LegalAgreementBlock onChange={vi.fn()} error="You must accept both" />);
    expect(screen.getByRole('alert').textContent).toBe('You must accept both');
  });
});
