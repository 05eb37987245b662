import initial from './001_initial.js';
import territoryScores from './002_territory_scores.js';
import territoryEntities from './003_territory_entities.js';
import reportVersions from './004_report_versions.js';
import loginThrottle from './005_login_throttle.js';
import sizeBands from './006_size_bands.js';
import campaignCycle from './007_campaign_cycle.js';
import auditLog from './008_audit_log.js';
import userLanguage from './009_user_language.js';
import temporaryPasswords from './010_temporary_passwords.js';
import reportParts from './011_report_parts.js';
import territorySums from './012_territory_sums.js';
import entityArchive from './013_entity_archive.js';
import exclusiveResponses from './014_exclusive_responses.js';
import passwordResets from './015_password_resets.js';
import languages from './016_languages.js';
import evidenceRules from './017_evidence_rules.js';
import answerEvidence from './018_answer_evidence.js';
import review from './019_review.js';
import meansFrom from './020_means_from.js';
import objections from './021_objections.js';
import finalResults from './022_final_results.js';
import reviewQueue from './023_review_queue.js';
import reviewQueueVersions from './024_review_queue_versions.js';
import publication from './025_publication.js';
import seals from './026_seals.js';
import team from './027_team.js';
import assigneeReminders from './028_assignee_reminders.js';
import policyAssignments from './029_policy_assignments.js';
import oidcLogins from './030_oidc_logins.js';
import erasureRequests from './031_erasure_requests.js';
import accessibility from './032_accessibility.js';
import editionDrafts from './033_edition_drafts.js';
import editionTranslations from './034_edition_translations.js';
import sentCampaignsByEntity from './035_sent_campaigns_by_entity.js';
import placeVersion from './036_place_version.js';

/** Every migration in order; append, never edit one that has shipped. */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'territory_scores', sql: territoryScores },
  { version: 3, name: 'territory_entities', sql: territoryEntities },
  { version: 4, name: 'report_versions', sql: reportVersions },
  { version: 5, name: 'login_throttle', sql: loginThrottle },
  { version: 6, name: 'size_bands', sql: sizeBands },
  { version: 7, name: 'campaign_cycle', sql: campaignCycle },
  { version: 8, name: 'audit_log', sql: auditLog },
  { version: 9, name: 'user_language', sql: userLanguage },
  { version: 10, name: 'temporary_passwords', sql: temporaryPasswords },
  { version: 11, name: 'report_parts', sql: reportParts },
  { version: 12, name: 'territory_sums', sql: territorySums },
  { version: 13, name: 'entity_archive', sql: entityArchive },
  { version: 14, name: 'exclusive_responses', sql: exclusiveResponses },
  { version: 15, name: 'password_resets', sql: passwordResets },
  { version: 16, name: 'languages', sql: languages },
  { version: 17, name: 'evidence_rules', sql: evidenceRules },
  { version: 18, name: 'answer_evidence', sql: answerEvidence },
  { version: 19, name: 'review', sql: review },
  { version: 20, name: 'means_from', sql: meansFrom },
  { version: 21, name: 'objections', sql: objections },
  { version: 22, name: 'final_results', sql: finalResults },
  { version: 23, name: 'review_queue', sql: reviewQueue },
  { version: 24, name: 'review_queue_versions', sql: reviewQueueVersions },
  { version: 25, name: 'publication', sql: publication },
  { version: 26, name: 'seals', sql: seals },
  { version: 27, name: 'team', sql: team },
  { version: 28, name: 'assignee_reminders', sql: assigneeReminders },
  { version: 29, name: 'policy_assignments', sql: policyAssignments },
  { version: 30, name: 'oidc_logins', sql: oidcLogins },
  { version: 31, name: 'erasure_requests', sql: erasureRequests },
  { version: 32, name: 'accessibility', sql: accessibility },
  { version: 33, name: 'edition_drafts', sql: editionDrafts },
  { version: 34, name: 'edition_translations', sql: editionTranslations },
  { version: 35, name: 'sent_campaigns_by_entity', sql: sentCampaignsByEntity },
  { version: 36, name: 'place_version', sql: placeVersion },
];
