import { z } from 'zod';
import { formatScoreForCopy, parseScoreInput, type Measurable, type MyNumber, type ValueFormat } from '@keel/contract';

/** The pieces of the "my numbers" form that need no screen: field names, readings, its schema. */

export type MyNumbersValues = Record<string, string>;

/** One field per measurable (each has one current period); the prefix keeps ids clear of array paths. */
export const fieldOf = (measurableId: string) => `n_${measurableId}`;

export const formatOfMeasurable = (
  measurable: Pick<Measurable, 'unit' | 'currencyCode' | 'decimals'>,
): ValueFormat => ({
  unit: measurable.unit,
  currencyCode: measurable.currencyCode,
  decimals: measurable.decimals,
});

/** Computed numbers (formula, roll-up, to-dos) are shown, not typed here. */
export const isTyped = (number: MyNumber) => number.measurable.kind === 'manual';

export const textOfCell = (number: MyNumber) =>
  number.cell.value === null ? '' : formatScoreForCopy(number.cell.value, formatOfMeasurable(number.measurable));

export const initialValues = (numbers: readonly MyNumber[]): MyNumbersValues =>
  Object.fromEntries(numbers.filter(isTyped).map((number) => [fieldOf(number.measurable.id), textOfCell(number)]));

/** Every typed field must read as a value of its unit (blank clears it). */
export const myNumbersFormSchema = (numbers: readonly MyNumber[]) =>
  z.record(z.string(), z.string()).superRefine((values, issues) => {
    for (const number of numbers.filter(isTyped)) {
      const name = fieldOf(number.measurable.id);
      const parsed = parseScoreInput(values[name] ?? '', formatOfMeasurable(number.measurable));
      if (!parsed.ok) issues.addIssue({ code: 'custom', path: [name], message: parsed.message });
    }
  });

/** The value to send for a field that passed the schema. */
export function valueOf(text: string, number: MyNumber): number | null {
  const parsed = parseScoreInput(text, formatOfMeasurable(number.measurable));
  return parsed.ok ? parsed.value : null;
}
