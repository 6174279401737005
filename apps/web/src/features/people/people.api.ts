import { organizationPeopleSchema, type OrganizationPerson } from '@keel/contract';
import { apiRequestWhole } from '../../lib/api-client';
import { useOrganizationQuery } from '../../lib/organization-query';

/** What a picker needs of a person. */
export type Person = Pick<OrganizationPerson, 'id' | 'name'>;

export const peopleKeys = {
  all: (organizationId: string) => ['organizations', organizationId, 'people'] as const,
};

/** How a picker names a person: invited people (not yet joined) are marked, so nobody mistakes them for members. */
export const pickerName = (person: Pick<OrganizationPerson, 'name' | 'invited'>) =>
  person.invited ? `${person.name} (invited)` : person.name;

const fetchPeople = async (organizationId: string, { signal }: { signal: AbortSignal }) =>
  (
    await apiRequestWhole(`/organizations/${encodeURIComponent(organizationId)}/people`, {
      schema: organizationPeopleSchema,
      signal,
    })
  ).data;

// Module-level, so each hook's selection is computed once per answer (one query serves both hooks).
const membersOnly = (people: OrganizationPerson[]) => people.filter((person) => !person.invited);
const invitedMarked = (people: OrganizationPerson[]) =>
  people.map((person) => (person.invited ? { ...person, name: pickerName(person) } : person));

/** The organization's members, for every "about" and person picker whose choice must be a member (served by the people route). */
export function usePeople() {
  return useOrganizationQuery('people', [], fetchPeople, { staleTime: 5 * 60_000, select: membersOnly });
}

/**
 * Who can own to-dos and priorities: the members and the people invited but not yet joined, so a team can
 * plan before everyone has accepted. Invited people are named "… (invited)".
 */
export function useAssignablePeople() {
  return useOrganizationQuery('people', [], fetchPeople, { staleTime: 5 * 60_000, select: invitedMarked });
}
