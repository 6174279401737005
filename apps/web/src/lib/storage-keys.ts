/** Browser storage keys named by the spec (sections 3–4). Other code never spells them itself. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  organizationId: 'organizationId',
  selectedDepartmentId: 'selectedDepartmentId',
  selectedDepartment: 'selectedDepartment',
  darkMode: 'darkMode',
  theme: 'theme',
  orgThemePrefix: 'orgTheme_',
} as const;

export const SESSION_KEYS = {
  trialBannerDismissed: 'trialBannerDismissed',
  chunkReloaded: 'chunkReloadAttempted',
  ssoProvider: 'ssoProvider',
  /** Set while a signed-in person links a provider: the return page then goes back to their settings. */
  ssoLinking: 'ssoLinking',
  /** The home organization's name while a consultant works in a client (the banner's Return label). */
  consultantHomeName: 'consultantHomeName',
} as const;

/** Storage can throw (private mode, quota, disabled cookies); a failure must never break a page. */
export function readStorage(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
}

export function removeStorage(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Same as above.
  }
}
