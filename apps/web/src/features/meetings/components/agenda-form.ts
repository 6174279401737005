import { createMeetingTypeRequestSchema, type AgendaSection } from '@keel/contract';
import type { FieldPath, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-error';

/** The agenda editor's form: a meeting type's name and sections, validated by the contract's request schema. */
export const agendaFormSchema = createMeetingTypeRequestSchema;
export type AgendaForm = z.input<typeof agendaFormSchema>;
export type AgendaValues = z.output<typeof agendaFormSchema>;

export const copyOfSections = (sections: readonly AgendaSection[]): AgendaSection[] =>
  sections.map((section) => ({ ...section }));

const FIELD_PATH = /^(name|sections(\.\d+(\.(title|minutes|visible|kind))?)?)$/;

/**
 * Puts the server's 400 details next to their fields; returns whether any detail found a field (the
 * others are shown by the dialog's banner).
 */
export function showServerFieldErrors(error: unknown, setError: UseFormSetError<AgendaForm>): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  let placed = false;
  for (const detail of error.details) {
    const path = detail.path.replace(/^body\./, '');
    if (!FIELD_PATH.test(path)) continue;
    const field = (path === 'sections' ? 'sections.root' : path) as FieldPath<AgendaForm>;
    setError(field, { type: 'server', message: detail.message });
    placed = true;
  }
  return placed;
}
