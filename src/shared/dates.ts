/**
 * Calendar dates as the product reads them: deadlines and the activity log's filters are Europe/Madrid days,
 * written YYYY-MM-DD.
 */

/** The time zone every calendar day and shown time of the product is read in. */
export const MADRID_TIME_ZONE = 'Europe/Madrid';

/**
 * YYYY-MM-DD with a year from 1000 to 9999. PostgreSQL has no year 0 ('0000-01-01' is out of its range), and no
 * deadline or activity-log filter needs a year before 1000.
 */
export const CALENDAR_DATE_PATTERN = '^[1-9]\\d{3}-\\d{2}-\\d{2}$';
const CALENDAR_DATE = new RegExp(CALENDAR_DATE_PATTERN);

/** Whether text is a real calendar date written YYYY-MM-DD (2027-02-30 is not, nor is year 0000). */
export function isCalendarDate(text: string): boolean {
  if (!CALENDAR_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const madridClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: MADRID_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

type ClockField = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/** What a clock in Madrid reads at an instant: the year in four digits, the other fields in two (hours 00 to 23). */
function madridClockFields(instant: Date): Record<ClockField, string> {
  return Object.fromEntries(madridClock.formatToParts(instant).map((p) => [p.type, p.value])) as Record<ClockField, string>;
}

/** The calendar date in Madrid at an instant, YYYY-MM-DD (deadlines and the last day to object are Madrid's days). */
export function madridDate(instant: Date): string {
  const t = madridClockFields(instant);
  return `${t.year}-${t.month}-${t.day}`;
}

/** An instant as a clock in Madrid reads it: 'YYYY-MM-DD HH:mm' (what files for people, such as exports, write). */
export function madridDateTime(instant: Date): string {
  const t = madridClockFields(instant);
  return `${t.year}-${t.month}-${t.day} ${t.hour}:${t.minute}`;
}

/** An instant as a clock in Madrid reads it, written the Spanish way to the second: '24/11/2026, 09:15:03'. */
export function madridSpanishTime(instant: Date): string {
  const t = madridClockFields(instant);
  return `${t.day}/${t.month}/${t.year}, ${t.hour}:${t.minute}:${t.second}`;
}
