import { STORAGE_KEYS, readStorage, writeStorage } from './storage-keys';

/** The stored choice (darkMode, or the older theme key), or null when the user never chose. */
export function storedDarkMode(): boolean | null {
  const darkMode = readStorage(localStorage, STORAGE_KEYS.darkMode);
  if (darkMode === 'true' || darkMode === 'false') return darkMode === 'true';
  const theme = readStorage(localStorage, STORAGE_KEYS.theme);
  if (theme === 'dark' || theme === 'light') return theme === 'dark';
  return null;
}

const systemQuery = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

export const systemPrefersDark = () => systemQuery()?.matches ?? false;

export function applyDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

export function persistDarkMode(dark: boolean): void {
  writeStorage(localStorage, STORAGE_KEYS.darkMode, String(dark));
  writeStorage(localStorage, STORAGE_KEYS.theme, dark ? 'dark' : 'light');
  applyDarkMode(dark);
}

/**
 * Spec section 4: the stored setting wins; otherwise the system preference is used and followed
 * live, but only while nothing is stored. Returns the stop function.
 */
export function initColorScheme(onChange?: (dark: boolean) => void): () => void {
  applyDarkMode(storedDarkMode() ?? systemPrefersDark());
  const query = systemQuery();
  if (!query) return () => undefined;
  const listener = (event: MediaQueryListEvent) => {
    if (storedDarkMode() !== null) return;
    applyDarkMode(event.matches);
    onChange?.(event.matches);
  };
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
