import { randomBytes } from 'node:crypto';
import {
  TRIAL_DAYS,
  uuidSchema,
  type Methodology,
  type Organization,
  type Role,
  type UpdateOrganizationRequest,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inTenant, readInTenant } from '../../db/scope.js';
import { unauthorized } from '../../http/errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { recordAuditEvent } from '../audit/index.js';
import { detectLogoType } from './logo-upload.js';
import * as errors from './organizations.errors.js';
import * as repository from '../people/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'organization'}-${randomBytes(3).toString('hex')}`;
}

/** Inside the new organization's tenant scope: the organization row and its owner's membership. */
export async function createOrganizationWithOwner(
  organizationId: string,
  input: { name: string; ownerUserId: string; now: Date },
): Promise<repository.OrganizationRow> {
  const organization = await repository.insertOrganization(organizationId, {
    name: input.name,
    slug: slugify(input.name),
    trialEndsAt: new Date(input.now.getTime() + TRIAL_DAYS * DAY_MS),
    createdById: input.ownerUserId,
  });
  await repository.insertMembership(organizationId, input.ownerUserId, 'owner');
  return organization;
}

export interface MemberScope {
  organizationId: string;
  userId: string;
  role: Role;
}

/** Who is asking: the organization and person of an access token, or an API key of the organization. */
export interface Caller {
  organizationId: string;
  userId: string;
  /** Set only from a verified key (`request.scope`): the key acts as the organization, within its scopes. */
  apiKeyId?: string | null;
}

/** Where a change came from, for the audit trail. */
export interface RequestMeta {
  ipAddress: string;
  userAgent: string;
}

/** Proves the caller still belongs to the organization of their token; a removed member is signed out. */
export async function requireActiveMember(organizationId: string, userId: string): Promise<MemberScope> {
  const membership = await repository.findMembership(organizationId, userId);
  if (!membership) {
    const grant = await repository.findConsultantGrant(organizationId, userId);
    if (grant?.status === 'active') return { organizationId, userId, role: grant.accessLevel };
    if (grant?.status === 'revoked') throw errors.consultantAccessRevoked();
  }
  if (!membership || membership.status !== 'active') {
    throw unauthorized('auth.membership_ended', 'Your access to this organization has ended. Please sign in again.');
  }
  return { organizationId, userId, role: membership.role };
}

export const isAdmin = (role: Role) => role === 'admin' || role === 'owner';

export function requireAdmin(member: MemberScope): MemberScope {
  if (!isAdmin(member.role)) throw errors.adminRequired();
  return member;
}

/**
 * One transaction in the caller's organization, opened only after their membership is proven: the
 * way every feature service starts a use case.
 */
export function asMember<T>(db: Database, caller: Caller, work: (member: MemberScope) => Promise<T>): Promise<T> {
  return inTenant(db, { organizationId: caller.organizationId, userId: caller.userId }, async () =>
    work(await provenCaller(caller)),
  );
}

/** A read-only use case: the caller must still be an active member; observers may read. */
export function asReader<T>(db: Database, caller: Caller, work: (member: MemberScope) => Promise<T>): Promise<T> {
  return readInTenant(db, { organizationId: caller.organizationId, userId: caller.userId }, async () =>
    work(await provenCaller(caller)),
  );
}

/**
 * A key was proven live by the HTTP layer this very request and its scopes already bound what it reaches; inside
 * them it acts as the organization, with an administrator's reach. A person must still be an active member.
 */
async function provenCaller(caller: Caller): Promise<MemberScope> {
  if (caller.apiKeyId) return { organizationId: caller.organizationId, userId: caller.userId, role: 'admin' };
  return requireActiveMember(caller.organizationId, caller.userId);
}

/** A change any active member may make, except observers, who only read. */
export function asWriter<T>(db: Database, caller: Caller, work: (member: MemberScope) => Promise<T>): Promise<T> {
  return asMember(db, caller, (member) => {
    if (member.role === 'observer') throw errors.observerReadOnly();
    return work(member);
  });
}

/** A read-only use case for administrators (admins and owners, spec section 6): the admin pages' reads. */
export function asAdminReader<T>(db: Database, caller: Caller, work: (member: MemberScope) => Promise<T>): Promise<T> {
  return asReader(db, caller, (member) => work(requireAdmin(member)));
}

/** The same, for changes only administrators may make. */
export function asAdmin<T>(db: Database, caller: Caller, work: (member: MemberScope) => Promise<T>): Promise<T> {
  return asMember(db, caller, (member) => work(requireAdmin(member)));
}

/** Inside the organization's scope: the methodology its terminology now follows (a preset was applied). */
export async function recordMethodology(organizationId: string, methodology: Methodology): Promise<void> {
  await repository.updateOrganization(organizationId, { methodology });
}

export const logoPath = (organizationId: string) => `/api/v1/organizations/${organizationId}/logo`;

/** The part of the storage key that changes with every upload: a version for caches. */
const logoVersion = (logoKey: string) => logoKey.slice(logoKey.lastIndexOf('-') + 1);

export function toOrganization(row: repository.OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    // The version makes a new upload a new address, so a cached old logo never lingers.
    logo_url: row.logoKey ? `${logoPath(row.id)}?v=${logoVersion(row.logoKey)}` : null,
    logo_size: row.logoSize,
    theme_primary_color: row.themePrimaryColor,
    theme_secondary_color: row.themeSecondaryColor,
    theme_accent_color: row.themeAccentColor,
    timezone: row.timezone,
    week_start_day: row.weekStartDay,
    fiscal_year_start_month: row.fiscalYearStartMonth,
    methodology: row.methodology,
    account_status: row.accountStatus,
    trial_ends_at: row.trialEndsAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

const FIELD_COLUMNS = {
  name: 'name',
  logo_size: 'logoSize',
  theme_primary_color: 'themePrimaryColor',
  theme_secondary_color: 'themeSecondaryColor',
  theme_accent_color: 'themeAccentColor',
  timezone: 'timezone',
  week_start_day: 'weekStartDay',
  fiscal_year_start_month: 'fiscalYearStartMonth',
  methodology: 'methodology',
} as const satisfies Record<keyof UpdateOrganizationRequest, keyof repository.OrganizationChanges>;

/** Only the fields whose value really changes: an unchanged save neither bumps the version nor audits. */
function diff(current: repository.OrganizationRow, request: UpdateOrganizationRequest) {
  const changes: Record<string, unknown> = {};
  const fields: string[] = [];
  for (const [field, column] of Object.entries(FIELD_COLUMNS) as [
    keyof UpdateOrganizationRequest,
    keyof repository.OrganizationChanges,
  ][]) {
    const value = request[field];
    if (value === undefined || value === current[column]) continue;
    changes[column] = value;
    fields.push(field);
  }
  return { changes: changes as repository.OrganizationChanges, fields };
}

async function mustFind(organizationId: string, forUpdate = false) {
  const row = forUpdate
    ? await repository.findOrganizationForUpdate(organizationId)
    : await repository.findOrganization(organizationId);
  if (!row) throw errors.organizationNotFound();
  return row;
}

export interface OrganizationsServiceDeps {
  db: Database;
  storage: FileStorage;
}

export interface LogoFile {
  content: Buffer;
  mimeType: string;
  etag: string;
}

export function createOrganizationsService(deps: OrganizationsServiceDeps) {
  const { db, storage } = deps;

  /** An orphaned file costs a little disk; failing the user's request over it would cost more. */
  const removeQuietly = (key: string) => storage.remove(key).catch(() => undefined);

  return {
    current: (caller: Caller): Promise<Organization> =>
      asMember(db, caller, async ({ organizationId }) => toOrganization(await mustFind(organizationId))),

    update: (caller: Caller, request: UpdateOrganizationRequest, meta: RequestMeta): Promise<Organization> =>
      asAdmin(db, caller, async ({ organizationId, userId }) => {
        const current = await mustFind(organizationId, true);
        const { changes, fields } = diff(current, request);
        if (fields.length === 0) return toOrganization(current);
        const updated = await repository.updateOrganization(organizationId, changes);
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'organization.updated',
          targetType: 'organization',
          targetId: organizationId,
          summary: { fields },
          ...meta,
        });
        return toOrganization(updated);
      }),

    /**
     * The upload is read only once the caller is known to be an administrator, and outside any
     * transaction: a slow client never holds a database connection.
     */
    async uploadLogo(caller: Caller, readUpload: () => Promise<Buffer>, meta: RequestMeta): Promise<Organization> {
      await asAdmin(db, caller, async () => undefined);
      const content = await readUpload();
      const mimeType = await detectLogoType(content);
      const { organizationId } = caller;
      const key = `organizations/${organizationId}/logo-${randomBytes(12).toString('hex')}`;
      await storage.put(key, content);
      let outcome: { organization: Organization; previousKey: string | null };
      try {
        outcome = await asAdmin(db, caller, async ({ userId }) => {
          const current = await mustFind(organizationId, true);
          const updated = await repository.updateOrganization(organizationId, { logoKey: key, logoMimeType: mimeType });
          await recordAuditEvent(organizationId, {
            actorUserId: userId,
            action: 'organization.logo_updated',
            targetType: 'organization',
            targetId: organizationId,
            summary: { mimeType, bytes: content.length },
            ...meta,
          });
          return { organization: toOrganization(updated), previousKey: current.logoKey };
        });
      } catch (error) {
        await removeQuietly(key);
        throw error;
      }
      if (outcome.previousKey) await removeQuietly(outcome.previousKey);
      return outcome.organization;
    },

    async deleteLogo(caller: Caller, meta: RequestMeta): Promise<Organization> {
      const { organization, previousKey } = await asAdmin(db, caller, async ({ organizationId, userId }) => {
        const current = await mustFind(organizationId, true);
        if (!current.logoKey) return { organization: toOrganization(current), previousKey: null };
        const updated = await repository.updateOrganization(organizationId, { logoKey: null, logoMimeType: null });
        await recordAuditEvent(organizationId, {
          actorUserId: userId,
          action: 'organization.logo_removed',
          targetType: 'organization',
          targetId: organizationId,
          ...meta,
        });
        return { organization: toOrganization(updated), previousKey: current.logoKey };
      });
      if (previousKey) await removeQuietly(previousKey);
      return organization;
    },

    /** Public: an <img> asks without a token. Unknown, malformed and logo-less ids all answer the same 404. */
    async logo(organizationId: string): Promise<LogoFile> {
      if (!uuidSchema.safeParse(organizationId).success) throw errors.logoNotFound();
      const row = await inTenant(db, { organizationId, userId: null }, () =>
        repository.findOrganizationLogo(organizationId),
      );
      if (!row?.logoKey || !row.logoMimeType) throw errors.logoNotFound();
      const content = await storage.get(row.logoKey);
      if (!content) throw errors.logoNotFound();
      return { content, mimeType: row.logoMimeType, etag: `"${logoVersion(row.logoKey)}"` };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
