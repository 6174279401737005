import { z } from 'zod';
import { isoDateTimeSchema, pageOf, uuidSchema } from './common.js';

export const feedbackTypeSchema = z.enum(['ticket', 'enhancement']);

export const submitFeedbackRequestSchema = z.strictObject({
  type: feedbackTypeSchema,
  subject: z
    .string()
    .trim()
    .min(1, { error: 'Subject is required' })
    .max(200, { error: 'Subject must be at most 200 characters' }),
  message: z
    .string()
    .trim()
    .min(1, { error: 'Message is required' })
    .max(5000, { error: 'Message must be at most 5000 characters' }),
  pageUrl: z.string().max(2000).optional(),
});
export type SubmitFeedbackRequest = z.infer<typeof submitFeedbackRequestSchema>;

export const feedbackSchema = z.object({
  id: uuidSchema,
  type: feedbackTypeSchema,
  subject: z.string(),
  message: z.string(),
  pageUrl: z.string().nullable(),
  submittedBy: z.object({ id: uuidSchema, name: z.string(), email: z.string() }),
  createdAt: isoDateTimeSchema,
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackSubmittedSchema = z.object({ id: uuidSchema, success: z.literal(true) });
export type FeedbackSubmitted = z.infer<typeof feedbackSubmittedSchema>;

/** Newest first; `page.nextCursor` continues the list. */
export const feedbackPageSchema = pageOf(feedbackSchema);
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

export const FEEDBACK_SUCCESS_MESSAGE = 'Thank you! Your feedback has been submitted successfully.';
export const FEEDBACK_FAILURE_MESSAGE = 'Failed to submit feedback. Please try again.';
export const FEEDBACK_AUTO_CLOSE_MS = 3000;
