/**
 * An edition's deadline: Europe/Madrid calendar dates, open from 00:00 Madrid time of the opening date
 * through the end of the closing date, whatever the server's own time zone. Pure: `now` is passed in.
 */

import { isCalendarDate, madridDate } from '../../../shared/dates.js';

/** A calendar date as 'YYYY-MM-DD'. */
export type CalendarDate = string;

export type DeadlineState = 'open' | 'notOpen' | 'closed';

/** An edition's dates for one entity: closesOn is the entity's own (an extension) when later than the edition's. */
export interface Deadline {
  opensOn: CalendarDate | null;
  closesOn: CalendarDate | null;
  /** The edition's closing date when an extension moves this entity's later; null otherwise. */
  editionClosesOn: CalendarDate | null;
}

export { madridDate };

/** The later of an edition's closing date and an entity's extension (null, no limit, wins over any date). */
export function effectiveClosing(editionClosesOn: CalendarDate | null, extendedTo: CalendarDate | null): CalendarDate | null {
  if (editionClosesOn === null) return null;
  return extendedTo !== null && extendedTo > editionClosesOn ? extendedTo : editionClosesOn;
}

/** Whether answers may be saved and sent now. ISO dates compare as text. */
export function deadlineState(deadline: Pick<Deadline, 'opensOn' | 'closesOn'>, now: Date): DeadlineState {
  const today = madridDate(now);
  if (deadline.opensOn !== null && today < deadline.opensOn) return 'notOpen';
  if (deadline.closesOn !== null && today > deadline.closesOn) return 'closed';
  return 'open';
}

const DAY_MS = 86_400_000;
const dayNumber = (date: CalendarDate) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Calendar days left to answer, today included ('Quedan 12 días'; 1 on the last day); 0 once closed; null without a closing date. */
export function daysLeft(closesOn: CalendarDate | null, now: Date): number | null {
  if (closesOn === null) return null;
  return Math.max(0, dayNumber(closesOn) - dayNumber(madridDate(now)) + 1);
}

/** Why dates cannot be an edition's deadline, or null: real dates, the closing not before the opening. */
export function deadlineProblem(opensOn: CalendarDate | null, closesOn: CalendarDate | null): { field: 'opensOn' | 'closesOn'; problem: string } | null {
  if (opensOn !== null && !isCalendarDate(opensOn)) return { field: 'opensOn', problem: 'is not a calendar date' };
  if (closesOn !== null && !isCalendarDate(closesOn)) return { field: 'closesOn', problem: 'is not a calendar date' };
  if (opensOn !== null && closesOn !== null && closesOn < opensOn) return { field: 'closesOn', problem: 'is before opensOn' };
  return null;
}

/** Late: a campaign not sent (created, draft or none at all) once its entity's closing date has passed. */
export function isLate(status: 'created' | 'draft' | 'sent' | 'none', closesOn: CalendarDate | null, now: Date): boolean {
  return status !== 'sent' && deadlineState({ opensOn: null, closesOn }, now) === 'closed';
}
