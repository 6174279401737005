import type { AccountabilitySeat } from '@keel/contract';
import * as repository from './org-chart.repository.js';

/**
 * The seats each person holds on the published chart (what everyone sees, never the draft), in chart order: one
 * query whatever the number of people. For other modules (accountability), inside their own read scope.
 */
export async function publishedSeatsOfHolders(
  organizationId: string,
  userIds: readonly string[],
): Promise<Map<string, AccountabilitySeat[]>> {
  const seatsOf = new Map<string, AccountabilitySeat[]>();
  if (userIds.length === 0) return seatsOf;
  const publication = await repository.latestPublication(organizationId);
  const wanted = new Set(userIds);
  for (const seat of publication?.seats ?? []) {
    for (const holder of seat.holders) {
      if (!holder.userId || !wanted.has(holder.userId)) continue;
      const list = seatsOf.get(holder.userId) ?? [];
      list.push({ seatId: seat.id, title: seat.title, roles: seat.roles });
      seatsOf.set(holder.userId, list);
    }
  }
  return seatsOf;
}
