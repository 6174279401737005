import {
  TERMINOLOGY_DEFAULTS,
  TERMINOLOGY_KEYS,
  TERMINOLOGY_PRESETS,
  findPreset,
  type Methodology,
  type Terminology,
  type TerminologyKey,
  type TerminologyPreset,
  type UpdateTerminologyRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  asAdmin,
  asMember,
  recordMethodology,
  type Caller,
  type MemberScope,
  type RequestMeta,
} from '../organizations/index.js';
import * as errors from './terminology.errors.js';
import * as repository from './terminology.repository.js';

type Overrides = Partial<Record<TerminologyKey, string>>;

const isTerminologyKey = (key: string): key is TerminologyKey => key in TERMINOLOGY_DEFAULTS;

/** Stored rows may predate a key's removal from the defaults: only known keys with text survive. */
function knownOverrides(stored: Record<string, string>): Overrides {
  const overrides: Overrides = {};
  for (const [key, value] of Object.entries(stored)) {
    if (isTerminologyKey(key) && typeof value === 'string' && value.trim() !== '') overrides[key] = value;
  }
  return overrides;
}

export function labelsOf(overrides: Overrides): Terminology {
  const labels = { ...TERMINOLOGY_DEFAULTS } as Terminology;
  for (const key of TERMINOLOGY_KEYS) labels[key] = overrides[key] ?? labels[key];
  return labels;
}

/**
 * A label equal to its default is not an override: dropping it keeps "only what was changed" true,
 * so a later change of a default reaches organizations that never really renamed it.
 */
function withChanges(current: Overrides, changes: Overrides): Overrides {
  const next: Overrides = { ...current };
  for (const [key, value] of Object.entries(changes) as [TerminologyKey, string | undefined][]) {
    if (value === undefined) continue;
    if (value === TERMINOLOGY_DEFAULTS[key]) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** The organization's labels (its overrides over the defaults), inside its scope: for other modules' defaults. */
export async function organizationLabels(organizationId: string): Promise<Terminology> {
  return labelsOf(knownOverrides(await repository.findOverrides(organizationId)));
}

export interface TerminologyServiceDeps {
  db: Database;
}

export function createTerminologyService(deps: TerminologyServiceDeps) {
  const { db } = deps;

  /** The organization in the path must be the caller's own; any other answers 404. */
  function inOrganization<T>(
    caller: Caller,
    organizationId: string,
    scope: typeof asMember,
    work: (member: MemberScope) => Promise<T>,
  ): Promise<T> {
    if (organizationId !== caller.organizationId) return Promise.reject(errors.organizationNotFound());
    return scope(db, caller, work);
  }

  async function replaceOverrides(
    member: MemberScope,
    overrides: Overrides,
    action: string,
    summary: Record<string, unknown>,
    meta: RequestMeta,
  ) {
    await repository.saveOverrides(member.organizationId, overrides);
    await recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: 'organization',
      targetId: member.organizationId,
      summary,
      ...meta,
    });
    return labelsOf(overrides);
  }

  return {
    get: (caller: Caller, organizationId: string): Promise<Terminology> =>
      inOrganization(caller, organizationId, asMember, async () =>
        labelsOf(knownOverrides(await repository.findOverrides(organizationId))),
      ),

    update: (
      caller: Caller,
      organizationId: string,
      request: UpdateTerminologyRequest,
      meta: RequestMeta,
    ): Promise<Terminology> =>
      inOrganization(caller, organizationId, asAdmin, async (member) => {
        const current = knownOverrides(await repository.findOverrides(organizationId));
        const keys = Object.keys(request).filter((key) => request[key as TerminologyKey] !== undefined);
        if (keys.length === 0) return labelsOf(current);
        return replaceOverrides(member, withChanges(current, request), 'terminology.updated', { labels: keys }, meta);
      }),

    presets: (): TerminologyPreset[] => [...TERMINOLOGY_PRESETS],

    /** The preset's labels replace every override, and the organization now follows that methodology. */
    applyPreset: (caller: Caller, organizationId: string, key: Methodology, meta: RequestMeta): Promise<Terminology> =>
      inOrganization(caller, organizationId, asAdmin, async (member) => {
        const preset = findPreset(key);
        if (!preset) throw new Error(`preset ${key} is missing from the contract`);
        await recordMethodology(organizationId, key);
        return replaceOverrides(
          member,
          withChanges({}, preset.labels),
          'terminology.preset_applied',
          { preset: key },
          meta,
        );
      }),

    reset: (caller: Caller, organizationId: string, meta: RequestMeta): Promise<Terminology> =>
      inOrganization(caller, organizationId, asAdmin, (member) =>
        replaceOverrides(member, {}, 'terminology.reset', {}, meta),
      ),
  };
}

export type TerminologyService = ReturnType<typeof createTerminologyService>;
