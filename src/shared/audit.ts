/**
 * The activity log's actions: every action code the server records, with the message id of its label
 * (i18n/*.json, 'AUDIT.ACTION.*'). To show a new action by name, add one line here and its label to
 * each language; a code missing here is shown as it is (the log never hides a row).
 */
export const AUDIT_ACTIONS = {
  'auth.login': 'AUDIT.ACTION.AUTH_LOGIN',
  'auth.login_failed': 'AUDIT.ACTION.AUTH_LOGIN_FAILED',
  'auth.login_throttled': 'AUDIT.ACTION.AUTH_LOGIN_THROTTLED',
  'auth.refresh_reused': 'AUDIT.ACTION.AUTH_REFRESH_REUSED',
  'auth.logout': 'AUDIT.ACTION.AUTH_LOGOUT',
  'auth.password_change': 'AUDIT.ACTION.AUTH_PASSWORD_CHANGE',
  'auth.password_change_required': 'AUDIT.ACTION.AUTH_PASSWORD_CHANGE_REQUIRED',
  'auth.password_change_failed': 'AUDIT.ACTION.AUTH_PASSWORD_CHANGE_FAILED',
  'auth.password_reset_requested': 'AUDIT.ACTION.AUTH_PASSWORD_RESET_REQUESTED',
  'auth.password_reset': 'AUDIT.ACTION.AUTH_PASSWORD_RESET',
  'campaign.create': 'AUDIT.ACTION.CAMPAIGN_CREATE',
  'campaign.submit': 'AUDIT.ACTION.CAMPAIGN_SUBMIT',
  'campaign.delete': 'AUDIT.ACTION.CAMPAIGN_DELETE',
  'campaign.share': 'AUDIT.ACTION.CAMPAIGN_SHARE',
  'campaign.unshare': 'AUDIT.ACTION.CAMPAIGN_UNSHARE',
  'campaign.evidence.add': 'AUDIT.ACTION.CAMPAIGN_EVIDENCE_ADD',
  'campaign.evidence.remove': 'AUDIT.ACTION.CAMPAIGN_EVIDENCE_REMOVE',
  'campaign.prefill': 'AUDIT.ACTION.CAMPAIGN_PREFILL',
  'campaign.reopen': 'AUDIT.ACTION.CAMPAIGN_REOPEN',
  'campaign.review.mark': 'AUDIT.ACTION.CAMPAIGN_REVIEW_MARK',
  'campaign.review.requestChanges': 'AUDIT.ACTION.CAMPAIGN_REVIEW_REQUEST_CHANGES',
  'campaign.review.validate': 'AUDIT.ACTION.CAMPAIGN_REVIEW_VALIDATE',
  'campaign.corrections.submit': 'AUDIT.ACTION.CAMPAIGN_CORRECTIONS_SUBMIT',
  'campaign.objection': 'AUDIT.ACTION.CAMPAIGN_OBJECTION',
  'campaign.objection.resolve': 'AUDIT.ACTION.CAMPAIGN_OBJECTION_RESOLVE',
  'campaign.deadlineExtended': 'AUDIT.ACTION.CAMPAIGN_DEADLINE_EXTENDED',
  'edition.deadline': 'AUDIT.ACTION.EDITION_DEADLINE',
  'edition.open': 'AUDIT.ACTION.EDITION_OPEN',
  'edition.import': 'AUDIT.ACTION.EDITION_IMPORT',
  'edition.draftDelete': 'AUDIT.ACTION.EDITION_DRAFT_DELETE',
  'edition.settings': 'AUDIT.ACTION.EDITION_SETTINGS',
  'edition.publishProvisional': 'AUDIT.ACTION.EDITION_PUBLISH_PROVISIONAL',
  'edition.publishFinal': 'AUDIT.ACTION.EDITION_PUBLISH_FINAL',
  'edition.seal': 'AUDIT.ACTION.EDITION_SEAL',
  'campaign.openNotice': 'AUDIT.ACTION.CAMPAIGN_OPEN_NOTICE',
  'campaign.reminder': 'AUDIT.ACTION.CAMPAIGN_REMINDER',
  'entity.create': 'AUDIT.ACTION.ENTITY_CREATE',
  'entity.remove': 'AUDIT.ACTION.ENTITY_REMOVE',
  'entity.update': 'AUDIT.ACTION.ENTITY_UPDATE',
  'entity.archive': 'AUDIT.ACTION.ENTITY_ARCHIVE',
  'entity.restore': 'AUDIT.ACTION.ENTITY_RESTORE',
  'entity.publication': 'AUDIT.ACTION.ENTITY_PUBLICATION',
  'entity.member.add': 'AUDIT.ACTION.ENTITY_MEMBER_ADD',
  'entity.member.remove': 'AUDIT.ACTION.ENTITY_MEMBER_REMOVE',
  'entity.member.role': 'AUDIT.ACTION.ENTITY_MEMBER_ROLE',
  'campaign.assign': 'AUDIT.ACTION.CAMPAIGN_ASSIGN',
  'user.create': 'AUDIT.ACTION.USER_CREATE',
  'user.remove': 'AUDIT.ACTION.USER_REMOVE',
  'user.update': 'AUDIT.ACTION.USER_UPDATE',
  'user.regeneratePassword': 'AUDIT.ACTION.USER_REGENERATE_PASSWORD',
  'user.exportData': 'AUDIT.ACTION.USER_EXPORT_DATA',
  'user.erasureRequested': 'AUDIT.ACTION.USER_ERASURE_REQUESTED',
  'user.erase': 'AUDIT.ACTION.USER_ERASE',
  'accessibility.updateStatement': 'AUDIT.ACTION.ACCESSIBILITY_UPDATE_STATEMENT',
} as const satisfies Readonly<Record<string, string>>;

export type KnownAuditAction = keyof typeof AUDIT_ACTIONS;

/** The message id of an action's label, or undefined for a code this version does not know (shown as the code). */
export function auditActionMessageId(action: string): string | undefined {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as KnownAuditAction] : undefined;
}
