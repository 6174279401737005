import { create } from 'zustand';
import { initColorScheme, persistDarkMode, storedDarkMode, systemPrefersDark } from './color-scheme';

interface ColorSchemeState {
  dark: boolean;
  toggle: () => void;
}

/** The current scheme for the toggle; system changes flow in only while the user never chose. */
export const useColorScheme = create<ColorSchemeState>()((set, get) => ({
  dark: storedDarkMode() ?? systemPrefersDark(),
  toggle: () => {
    const dark = !get().dark;
    persistDarkMode(dark);
    set({ dark });
  },
}));

export function startColorScheme(): () => void {
  return initColorScheme((dark) => useColorScheme.setState({ dark }));
}
