import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEntity } from '@keel/contract';
import { organizationKey } from './organization-query';
import { usePageMeta } from './page-meta';
import { useOrganizationId, useSession } from './session-store';

/**
 * What every team list page (to-dos, issues, priorities) starts with: its title and description,
 * the signed-in person, whether they may only read (observers), and a reload that refetches every
 * query of the page's entity (the key that starts with ['organizations', id, entity]).
 */
export function useTeamListPage(plural: string, teamName: string, entity: RealtimeEntity) {
  usePageMeta({ title: plural, description: `${plural} of ${teamName}`, robots: 'noindex,nofollow' });
  const user = useSession((state) => state.user);
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  return {
    user,
    readOnly: user?.role === 'observer',
    reload: () => queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, entity) }),
  };
}
