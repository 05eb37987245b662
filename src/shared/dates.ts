/**
 * Calendar dates as the product reads them: deadlines and the activity log's filters are Europe/Madrid days,
 * written YYYY-MM-DD.
 */

/** The time zone every calendar day and shown time of the product is read in. */
export const MADRID_TIME_ZONE = 'Europe/Madrid';

/** Whether text is a real calendar date written YYYY-MM-DD (2027-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
