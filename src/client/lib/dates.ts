import type { IntlShape } from 'react-intl';
import { MADRID_TIME_ZONE } from '../../shared/dates.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// en-CA writes YYYY-MM-DD: the day on Madrid's calendar, as a number of days.
const madridDay = new Intl.DateTimeFormat('en-CA', { timeZone: MADRID_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const madridDayNumber = (d: Date) => Date.parse(`${madridDay.format(d)}T00:00:00Z`) / DAY_MS;

/**
 * A moment as Madrid's calendar reads it, whatever the browser's time zone: 'Hoy' / 'Ayer' (Today/Yesterday,
 * Avui/Ahir) for the last two days, otherwise the locale's short date (dd/mm/aaaa in Spanish). Empty for a missing date.
 */
export function formatCalendarDate(intl: IntlShape, value: string | Date | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const days = madridDayNumber(now) - madridDayNumber(date);
  if (days === 0) return intl.formatMessage({ id: 'CALENDAR.TODAY' });
  if (days === 1) return intl.formatMessage({ id: 'CALENDAR.YESTERDAY' });
  return formatShortMadridDay(intl, date);
}

/** A date written out in the locale, '24 de noviembre de 2026' / '24 November 2026': the date of a report. */
export function formatLongDate(intl: Pick<IntlShape, 'formatDate'>, date: Date): string {
  return intl.formatDate(date, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** A moment (an ISO date and time) written out in the locale on Madrid's clock, '28 de diciembre de 2026, 17:05', whatever the browser's time zone. */
export function formatDateTime(intl: Pick<IntlShape, 'formatDate'>, moment: string): string {
  return intl.formatDate(moment, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: MADRID_TIME_ZONE });
}

/**
 * A moment (an ISO date and time) as the day it was in Madrid, in the locale's short date (dd/mm/aaaa in Spanish),
 * never 'Hoy': for a sentence that puts its own words before it ('Reabierta el 12/11/2026').
 */
export function formatShortMadridDay(intl: Pick<IntlShape, 'formatDate'>, moment: string | Date): string {
  return intl.formatDate(moment, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: MADRID_TIME_ZONE });
}

/** A moment as its day and time on Madrid's clock, short: '12/03/2026 10:14' in Spanish (an answer's last change). */
export function formatShortMadridDateTime(intl: Pick<IntlShape, 'formatDate' | 'formatTime'>, moment: string): string {
  return `${formatShortMadridDay(intl, moment)} ${intl.formatTime(moment, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: MADRID_TIME_ZONE })}`;
}

/** A calendar date 'YYYY-MM-DD' (a deadline, Madrid's calendar) written out in the locale, whatever the browser's time zone. */
export function formatCalendarDay(intl: Pick<IntlShape, 'formatDate'>, day: string): string {
  return intl.formatDate(new Date(`${day}T12:00:00Z`), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A calendar date 'YYYY-MM-DD' (a deadline) as the locale's short date (dd/mm/aaaa in Spanish), whatever the browser's time zone. */
export function formatShortCalendarDay(intl: Pick<IntlShape, 'formatDate'>, day: string): string {
  return intl.formatDate(new Date(`${day}T12:00:00Z`), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
}
