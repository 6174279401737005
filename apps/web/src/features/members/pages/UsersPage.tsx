import { useEffect, useState } from 'react';
import type { Member, Role } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { EmptyNote, LIST_CARD_CLASSES, ListPage, ListStates, ShowMore } from '../../../ui/ListPage';
import { useTerminology } from '../../terminology/terminology.api';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { InviteDialog } from '../components/InviteDialog';
import { MemberRow } from '../components/MemberRow';
import { PendingInvitations } from '../components/PendingInvitations';
import { useChangeRole, useMembers, useSetMemberStatus } from '../members.api';
import { ROLE_NAMES } from '../roles';

type Pending =
  | { kind: 'role'; member: Member; role: Role }
  | { kind: 'status'; member: Member; action: 'deactivate' | 'reactivate' }
  | null;

const SEARCH_DELAY_MS = 250;

/** /users (admins): the organization's people, their roles and status, and pending invitations. */
export default function UsersPage() {
  usePageMeta({ title: 'Users', description: "Manage your organization's people and invitations." });
  const me = useSession((state) => state.user);
  const terms = useTerminology();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const members = useMembers(search);
  const changeRole = useChangeRole();
  const setStatus = useSetMemberStatus();
  const rows = members.data?.pages.flatMap((page) => page.data) ?? [];
  const failure = changeRole.error ?? setStatus.error;

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const clearErrors = () => {
    changeRole.reset();
    setStatus.reset();
  };

  const apply = (next: NonNullable<Pending>) => {
    clearErrors();
    const done = () => setPending(null);
    if (next.kind === 'role') {
      changeRole
        .mutateAsync({ member: next.member, role: next.role })
        .catch(() => undefined)
        .finally(done);
    } else {
      setStatus
        .mutateAsync({ member: next.member, action: next.action })
        .catch(() => undefined)
        .finally(done);
    }
  };

  const askRole = (member: Member, role: Role) => {
    if (role === member.role) return;
    // Ownership changes who can run the organization: ask first. Other role changes apply at once.
    if (role === 'owner' || member.role === 'owner') setPending({ kind: 'role', member, role });
    else apply({ kind: 'role', member, role });
  };

  return (
    <ListPage
      titleId="users-title"
      title="Users"
      subtitle="Invite people, change their roles, and deactivate those who left."
      actions={<Button onClick={() => setInviting(true)}>Invite people</Button>}
    >
      <TextField
        label="Search by name or e-mail"
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        className="max-w-md"
      />
      {failure ? <Banner tone="error">{errorText(failure, 'The change could not be saved.')}</Banner> : null}
      <ListStates
        query={members}
        loadingLabel="Loading users"
        errorFallback="The users could not be loaded."
        isEmpty={rows.length === 0}
        empty={<EmptyNote>{search ? `No one matches "${search}".` : 'No users yet.'}</EmptyNote>}
      >
        <ul aria-label="Users" className={`${LIST_CARD_CLASSES} divide-y divide-slate-200 dark:divide-slate-700`}>
          {rows.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              myRole={me?.role}
              isMe={member.userId === me?.id}
              teamLabel={terms.team_label}
              onRole={(role) => askRole(member, role)}
              onStatus={(action) => setPending({ kind: 'status', member, action })}
            />
          ))}
        </ul>
        <ShowMore
          hasMore={members.hasNextPage}
          loading={members.isFetchingNextPage}
          onMore={() => members.fetchNextPage()}
          className="flex justify-center"
        />
      </ListStates>
      <PendingInvitations />
      <InviteDialog open={inviting} onOpenChange={setInviting} />
      {pending ? (
        <ConfirmDialog
          title={confirmTitle(pending)}
          confirmLabel={
            pending.kind === 'role' ? 'Change role' : pending.action === 'deactivate' ? 'Deactivate' : 'Reactivate'
          }
          danger={pending.kind === 'status' && pending.action === 'deactivate'}
          busy={changeRole.isPending || setStatus.isPending}
          onCancel={() => setPending(null)}
          onConfirm={() => apply(pending)}
        >
          {confirmText(pending)}
        </ConfirmDialog>
      ) : null}
    </ListPage>
  );
}

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`.trim() || member.email;

function confirmTitle(pending: NonNullable<Pending>): string {
  if (pending.kind === 'role') return `Make ${fullName(pending.member)} ${ROLE_NAMES[pending.role].toLowerCase()}?`;
  return `${pending.action === 'deactivate' ? 'Deactivate' : 'Reactivate'} ${fullName(pending.member)}?`;
}

function confirmText(pending: NonNullable<Pending>): string {
  if (pending.kind === 'role') {
    return pending.role === 'owner'
      ? 'Owners can do everything, including managing other owners and the organization itself.'
      : 'They will no longer be an owner of the organization.';
  }
  return pending.action === 'deactivate'
    ? 'They are signed out at once and can no longer sign in to this organization. Their work stays.'
    : 'They can sign in to this organization again with their current role.';
}
