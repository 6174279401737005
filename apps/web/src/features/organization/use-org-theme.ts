import { useEffect } from 'react';
import { applyOrgTheme, cacheOrgTheme, cachedOrgTheme } from '../../lib/org-theme';
import { useOrganizationId } from '../../lib/session-store';
import { useCurrentOrganization } from './organization.api';

/** Paints the organization's colours: the cached ones at once, then the server's (and caches them). */
export function useOrgTheme(): void {
  const organizationId = useOrganizationId();
  const { data } = useCurrentOrganization();

  useEffect(() => {
    if (organizationId) applyOrgTheme(cachedOrgTheme(organizationId));
    return () => applyOrgTheme(null);
  }, [organizationId]);

  useEffect(() => {
    if (!organizationId || !data) return;
    const theme = {
      theme_primary_color: data.theme_primary_color,
      theme_secondary_color: data.theme_secondary_color,
      theme_accent_color: data.theme_accent_color,
    };
    applyOrgTheme(theme);
    cacheOrgTheme(organizationId, theme);
  }, [organizationId, data]);
}
