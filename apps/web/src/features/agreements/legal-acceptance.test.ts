import { describe, expect, it } from 'vitest';
import { buildLegalRecord } from './legal-acceptance';

describe('buildLegalRecord (spec section 4)', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');

  it('reports the full record only when both boxes are ticked', () => {
    expect(buildLegalRecord({ termsAccepted: true, privacyAccepted: true }, now)).toEqual({
      termsAccepted: true,
      privacyAccepted: true,
      acceptedAt: '2026-03-01T10:00:00.000Z',
      ipAddress: window.location.hostname,
      userAgent: navigator.userAgent,
      version: '1.0',
    });
  });

  it.each([
    [true, false],
    [false, true],
    [false, false],
  ])('reports the flags with empty metadata otherwise (terms %s, privacy %s)', (termsAccepted, privacyAccepted) => {
    expect(buildLegalRecord({ termsAccepted, privacyAccepted }, now)).toEqual({
      termsAccepted,
      privacyAccepted,
      acceptedAt: '',
      ipAddress: '',
      userAgent: '',
      version: '',
    });
  });
});
