import { DEFAULT_THEME } from '@keel/contract';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage-keys';

export interface OrgThemeColours {
  theme_primary_color: string;
  theme_secondary_color: string;
  theme_accent_color: string;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function channels(hex: string): [number, number, number] {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  return [1, 3, 5].map((start) => parseInt(full.slice(start, start + 2), 16) / 255) as [number, number, number];
}

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Text on an organization-coloured button must stay readable whatever colour the admin picks. */
export function readableTextOn(hex: string): '#ffffff' | '#0f172a' {
  if (!HEX.test(hex)) return '#ffffff';
  const bg = luminance(hex);
  const onWhite = 1.05 / (bg + 0.05);
  const onDark = (bg + 0.05) / (luminance('#0f172a') + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#0f172a';
}

const pick = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);

export function applyOrgTheme(theme: Partial<OrgThemeColours> | null): void {
  const primary = pick(theme?.theme_primary_color, DEFAULT_THEME.theme_primary_color);
  const style = document.documentElement.style;
  style.setProperty('--org-primary', primary);
  style.setProperty('--org-primary-contrast', readableTextOn(primary));
  style.setProperty('--org-secondary', pick(theme?.theme_secondary_color, DEFAULT_THEME.theme_secondary_color));
  style.setProperty('--org-accent', pick(theme?.theme_accent_color, DEFAULT_THEME.theme_accent_color));
}

export const orgThemeKey = (organizationId: string) => `${STORAGE_KEYS.orgThemePrefix}${organizationId}`;

export function cacheOrgTheme(organizationId: string, theme: OrgThemeColours): void {
  writeStorage(localStorage, orgThemeKey(organizationId), JSON.stringify(theme));
}

/** The cached colours let the page paint in the organization's colours before the API answers. */
export function cachedOrgTheme(organizationId: string): Partial<OrgThemeColours> | null {
  const raw = readStorage(localStorage, orgThemeKey(organizationId));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? parsed : null;
  } catch {
    return null;
  }
}
