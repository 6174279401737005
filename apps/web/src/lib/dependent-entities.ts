/**
 * Views of one kind of object that show figures computed from another kind: refreshed with it. An annual
 * goal shows how many priorities serve it, so a priority's change refreshes the goals too.
 */
const DEPENDENTS: Readonly<Record<string, readonly string[]>> = { priority: ['annual_goal'] };

export const withDependents = (entities: Iterable<string>): string[] => [
  ...new Set([...entities].flatMap((entity) => [entity, ...(DEPENDENTS[entity] ?? [])])),
];
