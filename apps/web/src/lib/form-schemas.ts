import { z } from 'zod';
import { uuidSchema } from '@keel/contract';

/**
 * Pieces the web's forms add to the contract's request schemas (which stay the source of the
 * rules): a select's empty choice, and the screens' own wording where it differs from the API's.
 */

/** A person or team select whose empty choice ('') means "none". */
export const idOrNoneSchema = uuidSchema.or(z.literal(''));

/** The screens' "Title is required" in front of the contract's own title rules (trim, length). */
export const requiredTitle = <S extends z.ZodType<string, string>>(contractTitle: S) =>
  z.string().trim().min(1, { error: 'Title is required' }).pipe(contractTitle);
