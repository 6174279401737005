import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKey, requireOrganization } from './organization-query';
import { useOrganizationId } from './session-store';
import { withDependents } from './dependent-entities';

/**
 * A change to business objects of the signed-in organization. Afterwards (success or failure) every
 * view of the named entities refetches: their query keys start with ['organizations', id, entity].
 */
export function useOrganizationMutation<Input, Output>(
  entities: readonly string[],
  send: (organizationId: string, input: Input) => Promise<Output>,
) {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send(requireOrganization(organizationId), input),
    onSettled: () =>
      Promise.all(
        withDependents(entities).map((entity) =>
          queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, entity) }),
        ),
      ),
  });
}
