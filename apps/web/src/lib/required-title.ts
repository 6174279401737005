import { useState, type ChangeEvent } from 'react';

/**
 * The title of a form that cannot be saved without one. `check()` answers the trimmed title, or
 * null after putting "Title is required" on the field; `field` spreads onto a TextField.
 */
export function useRequiredTitle(initial: string) {
  const [title, setTitle] = useState(initial);
  const [error, setError] = useState<string>();
  const check = (): string | null => {
    const trimmed = title.trim();
    setError(trimmed ? undefined : 'Title is required');
    return trimmed || null;
  };
  return {
    title,
    setTitle,
    check,
    field: {
      value: title,
      error,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setTitle(event.target.value),
    },
  };
}
