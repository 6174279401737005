import type { DocumentVisibility } from '@keel/contract';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import type { Caller } from '../organizations/index.js';

interface Announced {
  id: string;
  visibility: DocumentVisibility;
  teamId: string | null;
}

/**
 * Change notices for documents and folders, after the commit: a team's document to that team's pages, the others
 * organization-wide (a notice carries ids only; pages refetch through the API, which applies visibility). A move
 * between teams announces on both sides.
 */
export function createDocumentsAnnouncer(bus: ChangeBus) {
  return (caller: Caller, rows: readonly Announced[], action: 'created' | 'updated' | 'deleted') => {
    const idsByTeam = new Map<string | null, Set<string>>();
    for (const row of rows) {
      const teamId = row.visibility === 'team' ? row.teamId : null;
      const ids = idsByTeam.get(teamId) ?? new Set<string>();
      ids.add(row.id);
      idsByTeam.set(teamId, ids);
    }
    for (const [teamId, ids] of idsByTeam) {
      publishChange(bus, caller, { teamId, entity: 'document', ids: [...ids], action });
    }
  };
}
