import type { Queryable } from '../client.js';
import type { Language } from '../../../shared/constants.js';
import type { Translations } from '../../../shared/editionTexts.js';

/* The reminders of the members assigned a campaign's axes or policies (migration 028, `assignee_reminders`). */

/**
 * One part assigned to a member (an axis, or one policy of it) whose campaign closes `daysBefore` days after the day
 * asked, with its questions left.
 */
export interface DuePart {
  campaignId: number;
  entity: string;
  edition: number;
  /** The campaign's closing date, 'YYYY-MM-DD' (its entity's extension when later than the edition's). */
  closesOn: string;
  daysBefore: number;
  userId: number;
  email: string;
  language: Language;
  axis: string;
  axisTranslations: Translations;
  /** The policy's name when the part is one policy; null for an axis. */
  policy: string | null;
  policyTranslations: Translations | null;
  /** The part's questions the member answers (an axis's without its policies assigned apart), and how many have neither an answer nor "No aplica". */
  total: number;
  missing: number;
}

/**
 * The axes and policies assigned to members (still members, accounts not disabled) of campaigns not sent, of
 * entities not archived, in editions not final, whose closing date is one of `daysBefore` days after `today`, with
 * questions left to answer (neither an answer nor "No aplica", or one copied from the previous edition and not
 * confirmed yet); by campaign, member, axis and policy (an axis first). An axis counts only its questions whose
 * policy is not assigned apart: those are the policy's assignee's.
 */
export async function dueParts(q: Queryable, today: string, daysBefore: readonly number[]): Promise<DuePart[]> {
  return q.query<DuePart>(
    `WITH due AS (
       SELECT c.id AS campaign_id, c.entity_id, c.edition_id, en.name AS entity, ed.campaign_number AS edition,
              greatest(ed.closes_on, x.closes_on) AS closes_on
         FROM campaigns c JOIN editions ed ON ed.id = c.edition_id JOIN entities en ON en.id = c.entity_id
         LEFT JOIN deadline_extensions x ON x.edition_id = c.edition_id AND x.entity_id = c.entity_id
        WHERE c.status <> 'sent' AND ed.closes_on IS NOT NULL AND en.archived_at IS NULL AND ed.final_published_at IS NULL),
     parts AS (
       SELECT campaign_id, axis_id, NULL::int AS policy_id, user_id FROM campaign_assignments
       UNION ALL
       SELECT campaign_id, axis_id, policy_id, user_id FROM campaign_policy_assignments)
     SELECT d.campaign_id AS "campaignId", d.entity, d.edition, d.closes_on::text AS "closesOn", (d.closes_on - $1::date) AS "daysBefore",
            a.user_id AS "userId", u.email, u.language, axis.text AS axis, axis.translations AS "axisTranslations",
            policy.text AS policy, policy.translations AS "policyTranslations", p.total, p.missing
       FROM due d
       JOIN parts a ON a.campaign_id = d.campaign_id
       JOIN user_entities ue ON ue.user_id = a.user_id AND ue.entity_id = d.entity_id
       JOIN users u ON u.id = a.user_id AND u.role <> 0
       JOIN categories axis ON axis.id = a.axis_id
       LEFT JOIN categories policy ON policy.id = a.policy_id
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS total,
                count(*) FILTER (WHERE NOT (
                  (EXISTS (SELECT 1 FROM answers an WHERE an.campaign_id = d.campaign_id AND an.subindicator_id = s.id)
                   OR EXISTS (SELECT 1 FROM answer_notes n WHERE n.campaign_id = d.campaign_id AND n.subindicator_id = s.id
                                 AND n.not_applicable_reason IS NOT NULL))
                  AND NOT EXISTS (SELECT 1 FROM answer_notes n WHERE n.campaign_id = d.campaign_id AND n.subindicator_id = s.id AND n.prefilled)))::int AS missing
           FROM subindicators s JOIN indicators i ON i.id = s.indicator_id
          WHERE i.edition_id = d.edition_id AND i.axis_id = a.axis_id
            AND (i.policy_id = a.policy_id
                 OR a.policy_id IS NULL AND NOT EXISTS (SELECT 1 FROM campaign_policy_assignments pa
                                                         WHERE pa.campaign_id = d.campaign_id AND pa.axis_id = i.axis_id AND pa.policy_id = i.policy_id))) p
      WHERE (d.closes_on - $1::date) = ANY($2::int[]) AND p.missing > 0
      ORDER BY d.campaign_id, a.user_id, a.axis_id, a.policy_id NULLS FIRST`,
    [today, `{${daysBefore.join(',')}}`],
  );
}

/** One reminder: of which campaign, to which member, how many days before which closing date. */
export interface Reminder {
  campaignId: number;
  userId: number;
  daysBefore: number;
  closesOn: string;
}

/**
 * Claims the reminders about to be sent: those not sent yet are recorded and returned ('campaignId:userId'); one
 * another instance recorded first is not, so each goes once.
 */
export async function claimReminders(q: Queryable, reminders: readonly Reminder[]): Promise<Set<string>> {
  if (reminders.length === 0) return new Set();
  const rows = await q.query<{ campaign_id: number; user_id: number }>(
    `INSERT INTO assignee_reminders (campaign_id, user_id, days_before, closes_on)
     SELECT * FROM unnest($1::int[], $2::int[], $3::smallint[], $4::date[])
     ON CONFLICT DO NOTHING RETURNING campaign_id, user_id`,
    [reminders.map((r) => r.campaignId), reminders.map((r) => r.userId), reminders.map((r) => r.daysBefore), reminders.map((r) => r.closesOn)],
  );
  return new Set(rows.map((r) => `${r.campaign_id}:${r.user_id}`));
}

/** Forgets reminders claimed that could not be sent (the SMTP server refused them): a later check tries them again. */
export async function releaseReminders(q: Queryable, reminders: readonly Reminder[]): Promise<void> {
  if (reminders.length === 0) return;
  await q.query(
    `DELETE FROM assignee_reminders r USING unnest($1::int[], $2::int[], $3::smallint[], $4::date[]) AS f(campaign_id, user_id, days_before, closes_on)
      WHERE r.campaign_id = f.campaign_id AND r.user_id = f.user_id AND r.days_before = f.days_before AND r.closes_on = f.closes_on`,
    [reminders.map((r) => r.campaignId), reminders.map((r) => r.userId), reminders.map((r) => r.daysBefore), reminders.map((r) => r.closesOn)],
  );
}
