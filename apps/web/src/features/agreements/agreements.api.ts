import { useMutation, useQuery } from '@tanstack/react-query';
import { agreementsStatusSchema, LEGAL_VERSION } from '@keel/contract';
import { apiRequest } from '../../lib/api-client';

export const agreementsKeys = {
  check: ['agreements', 'check'] as const,
};

export interface AgreementsCheck {
  success: boolean;
  needsAcceptance: boolean;
}

/** Read leniently: whatever is missing or malformed falls back below (spec section 8). */
const agreementsCheckSchema = agreementsStatusSchema.pick({ success: true, needsAcceptance: true }).partial();
const acceptedSchema = agreementsStatusSchema.pick({ success: true }).partial().optional();

/** Spec section 8: a failed check answers "needs acceptance" so the blocking dialog shows. */
export async function fetchAgreementsCheck(): Promise<AgreementsCheck> {
  try {
    const data = await apiRequest('/auth/check-agreements', { schema: agreementsCheckSchema });
    return { success: data.success === true, needsAcceptance: data.needsAcceptance !== false };
  } catch (error) {
    console.warn('[keel] agreements check failed', error);
    return { success: false, needsAcceptance: true };
  }
}

export function useAgreementsCheck(enabled: boolean) {
  return useQuery({
    queryKey: agreementsKeys.check,
    queryFn: fetchAgreementsCheck,
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

export interface AgreementAcceptance {
  termsAccepted: true;
  privacyAccepted: true;
  acceptedAt: string;
  version: string;
  userAgent: string;
}

export const buildAcceptance = (now: Date = new Date()): AgreementAcceptance => ({
  termsAccepted: true,
  privacyAccepted: true,
  acceptedAt: now.toISOString(),
  version: LEGAL_VERSION,
  userAgent: navigator.userAgent,
});

/** Resolves with the server's success flag; a failed call rethrows (spec section 8). */
export function useAcceptAgreementsMutation() {
  return useMutation({
    mutationFn: async (body: AgreementAcceptance) => {
      const data = await apiRequest('/auth/accept-agreements', { schema: acceptedSchema, method: 'POST', body });
      return data?.success === true;
    },
  });
}
