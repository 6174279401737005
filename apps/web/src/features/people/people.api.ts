import { organizationPeopleSchema, type OrganizationPerson } from '@keel/contract';
import { apiRequestWhole } from '../../lib/api-client';
import { useOrganizationQuery } from '../../lib/organization-query';

/** What a picker needs of a person. */
export type Person = Pick<OrganizationPerson, 'id' | 'name'>;

export const peopleKeys = {
  all: (organizationId: string) => ['organizations', organizationId, 'people'] as const,
};

/** The organization's people, for every owner, "about" and person picker (served by the people route). */
export function usePeople() {
  return useOrganizationQuery(
    'people',
    [],
    async (organizationId, { signal }) =>
      (
        await apiRequestWhole(`/organizations/${encodeURIComponent(organizationId)}/people`, {
          schema: organizationPeopleSchema,
          signal,
        })
      ).data,
    { staleTime: 5 * 60_000 },
  );
}
