/**
 * Names people read for the actions of interest; any other action shows its own name. {Team} stands for
 * the organization's own word (terminology), written as the organization wrote it, mid-sentence too.
 */
const LABELS: Record<string, string> = {
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.session_ended': 'Signed out a session',
  'auth.other_sessions_ended': 'Signed out everywhere else',
  'member.role_changed': 'Role changed',
  'member.deactivated': 'User deactivated',
  'member.reactivated': 'User reactivated',
  'members.imported': 'Bulk user import',
  'invitation.created': 'Invitation sent',
  'invitation.resent': 'Invitation resent',
  'invitation.revoked': 'Invitation revoked',
  'invitation.accepted': 'Invitation accepted',
  'consultant.access_granted': 'Consultant access granted',
  'consultant.access_revoked': 'Consultant access revoked',
  'consultant.switched_in': 'Consultant switched in',
  'consultant.switched_out': 'Consultant switched to a client',
  'consultant.returned': 'Consultant returned',
  'consultant.invited': 'Consultant invited',
  'team.created': '{Team} created',
  'team.updated': '{Team} changed',
  'team.archived': '{Team} archived',
  'team.restored': '{Team} restored',
  'team.leadership_moved': 'Leadership {Team} changed',
  'team.member_added': '{Team} member added',
  'team.member_removed': '{Team} member removed',
  'team.member_role_changed': '{Team} role changed',
  'user.profile_updated': 'Profile updated',
  'user.email_changed': 'E-mail changed',
  'user.password_changed': 'Password changed',
  'user.identity_linked': 'Single sign-on linked',
  'organization.registered': 'Organization registered',
  'organization.updated': 'Organization settings changed',
};

export const actionLabel = (action: string, teamLabel: string) =>
  (LABELS[action] ?? action).replace('{Team}', teamLabel);
