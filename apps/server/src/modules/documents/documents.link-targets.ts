import type { DocumentLinkTarget } from '@keel/contract';
import { issueTitles } from '../issues/index.js';
import { meetingTitles } from '../meetings/index.js';
import { priorityTitles } from '../priorities/index.js';
import { processTitles } from '../processes/index.js';
import { todoTitles } from '../todos/index.js';

type TitlesOf = (organizationId: string, ids: readonly string[]) => Promise<Map<string, string>>;

/** Each kind of item a document links to, asked of the module that owns it. */
const titlesOf: Record<DocumentLinkTarget, TitlesOf> = {
  priority: priorityTitles,
  issue: issueTitles,
  todo: todoTitles,
  process: processTitles,
  meeting: meetingTitles,
};

/** The titles of linked items, one query per kind of item whatever the number of links. */
export async function linkTitles(
  organizationId: string,
  links: readonly { target: DocumentLinkTarget; targetId: string }[],
): Promise<Map<string, string>> {
  const idsByTarget = new Map<DocumentLinkTarget, Set<string>>();
  for (const link of links) {
    const ids = idsByTarget.get(link.target) ?? new Set<string>();
    ids.add(link.targetId);
    idsByTarget.set(link.target, ids);
  }
  const titles = new Map<string, string>();
  for (const [target, ids] of idsByTarget) {
    for (const [id, title] of await titlesOf[target](organizationId, [...ids])) titles.set(linkKey(target, id), title);
  }
  return titles;
}

export const linkKey = (target: DocumentLinkTarget, targetId: string) => `${target}:${targetId}`;

/** Whether the item exists in the organization. */
export async function linkTargetExists(organizationId: string, target: DocumentLinkTarget, targetId: string) {
  return (await titlesOf[target](organizationId, [targetId])).has(targetId);
}
