import { useMutation } from '@tanstack/react-query';
import type { SubmitFeedbackRequest } from '@keel/contract';
import { apiRequest } from '../../lib/api-client';

export function useSubmitFeedback() {
  return useMutation({
    mutationFn: (feedback: SubmitFeedbackRequest) => apiRequest('/feedback/submit', { method: 'POST', body: feedback }),
  });
}
