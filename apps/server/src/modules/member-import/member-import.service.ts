import {
  MEMBER_IMPORT_ROWS_LISTED,
  IMPORT_ERRORS_LISTED,
  type ImportStage,
  type InvitationDelivery,
  type MemberImportPreview,
  type MemberImportResult,
  type Role,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import type { UploadedFile } from '../../http/file-upload.js';
import { readSpreadsheet, type Sheet, type Spreadsheet } from '../../spreadsheet/index.js';
import { recordAuditEvent } from '../audit/index.js';
import {
  asAdmin,
  asReader,
  requireAdmin,
  type Caller,
  type MemberScope,
  type RequestMeta,
} from '../organizations/index.js';
import * as errors from './member-import.errors.js';
import * as repository from './member-import.repository.js';
import { checkMemberRows, suggestMemberColumns } from './member-import.rows.js';

/** One person to invite, as the members module's `inviteMembers` takes them. */
export interface InvitationDraft {
  email: string;
  role: Role;
  teamIds: string[];
  firstName: string;
  lastName: string;
}

/**
 * Creates invitations inside the caller's open transaction (skipping existing members and open
 * invitations: the members module's `inviteMembers`) and queues their mails in it, to go out once it
 * commits; answers how the links reach the people.
 */
export type InviteMembers = (
  organizationId: string,
  actor: MemberScope,
  rows: InvitationDraft[],
  meta: RequestMeta,
) => Promise<InvitationDelivery>;

export interface MemberImportServiceDeps {
  db: Database;
  /** Null while invitations cannot be sent: the preview works, the import answers 503. */
  invite: InviteMembers | null;
  now?: () => Date;
}

export type MemberImportProgress = (stage: ImportStage, done: number, total: number) => void;

/** The first sheet with an e-mail column is the list of people; a workbook's other sheets are ignored. */
function peopleSheet(spreadsheet: Spreadsheet): Sheet {
  const sheet = spreadsheet.sheets.find((candidate) => suggestMemberColumns(candidate.headers).email !== null);
  if (!sheet) throw errors.emailColumnMissing(spreadsheet.sheets[0]?.headers ?? []);
  return sheet;
}

export function createMemberImportService(deps: MemberImportServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Role first (cheap), so nobody without the right spends the server's time parsing their file. */
  const authorize = (caller: Caller) => asReader(db, caller, async (member) => requireAdmin(member));

  const check = async (member: MemberScope, sheet: Sheet) =>
    checkMemberRows(sheet, await repository.loadMemberDirectory(member.organizationId, now()), member.role === 'owner');

  return {
    /** Every row checked; nothing written. */
    preview: async (caller: Caller, file: UploadedFile): Promise<MemberImportPreview> => {
      await authorize(caller);
      const spreadsheet = await readSpreadsheet(file);
      const sheet = peopleSheet(spreadsheet);
      return asReader(db, caller, async (member) => {
        const checked = await check(requireAdmin(member), sheet);
        return {
          fileName: file.fileName,
          format: spreadsheet.format,
          sheet: sheet.name,
          columns: checked.columns,
          totalRows: sheet.rows.length,
          newCount: checked.drafts.length,
          skippedCount: checked.skipped,
          invalidCount: checked.invalid,
          rows: checked.rows.slice(0, MEMBER_IMPORT_ROWS_LISTED),
          errors: checked.errors.slice(0, IMPORT_ERRORS_LISTED),
          errorCount: checked.errors.length,
        };
      });
    },

    /**
     * Re-checks the file and invites every valid new row in one transaction, or none of them if
     * anything fails. Rows with errors are left out; members and open invitations are skipped, so
     * the same file imported again changes nothing (not even the audit log).
     */
    commit: async (
      caller: Caller,
      file: UploadedFile,
      meta: RequestMeta,
      progress: MemberImportProgress = () => {},
    ): Promise<MemberImportResult> => {
      await authorize(caller);
      const invite = deps.invite;
      if (!invite) throw errors.invitationsUnavailable();
      progress('reading', 0, 1);
      const spreadsheet = await readSpreadsheet(file);
      const sheet = peopleSheet(spreadsheet);
      progress('reading', 1, 1);
      return asAdmin(db, caller, async (member): Promise<MemberImportResult> => {
        progress('checking', 0, sheet.rows.length);
        const checked = await check(member, sheet);
        progress('checking', sheet.rows.length, sheet.rows.length);
        const counts = { invited: checked.drafts.length, skipped: checked.skipped, invalid: checked.invalid };
        if (checked.drafts.length === 0) return counts;
        progress('writing', 0, checked.drafts.length);
        const delivery = await invite(
          member.organizationId,
          member,
          checked.drafts.map(({ email, role, teamIds, firstName, lastName }) => ({
            email,
            role,
            teamIds,
            firstName,
            lastName,
          })),
          meta,
        );
        await recordAuditEvent(member.organizationId, {
          actorUserId: member.userId,
          action: 'members.imported',
          targetType: 'invitation',
          summary: { fileName: file.fileName, ...counts },
          ...meta,
        });
        progress('writing', checked.drafts.length, checked.drafts.length);
        return { ...counts, delivery };
      });
    },
  };
}

export type MemberImportService = ReturnType<typeof createMemberImportService>;
