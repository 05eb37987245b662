/**
 * The reminders sent to the members a campaign's axes are assigned to, 7 days and 1 day before its closing date
 * while their part is unfinished (services/campaigns/assigneeReminders.ts): one row per campaign, member, days
 * before and closing date, written before the e-mail goes, so that each is sent once however many instances check
 * (a later closing date, an extension, reminds again). A new table only: every row is kept.
 */
export default /* sql */ `
CREATE TABLE assignee_reminders (
  campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  days_before smallint NOT NULL CHECK (days_before IN (1, 7)),
  closes_on   date NOT NULL,
  sent_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign_id, user_id, days_before, closes_on)
);
`;
