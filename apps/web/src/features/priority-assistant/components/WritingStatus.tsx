import { writingText } from '../assistant-words';

/** While the assistant answers: a sign of life, in characters the model has written so far. */
export function WritingStatus({ characters }: { characters: number }) {
  return (
    <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
      {writingText(characters)}
    </p>
  );
}
