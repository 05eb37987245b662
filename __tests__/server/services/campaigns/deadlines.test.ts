import { daysLeft, deadlineProblem, deadlineState, effectiveClosing, isLate, madridDate } from '../../../../src/server/services/campaigns/deadlines.js';
import { isCalendarDate } from '../../../../src/shared/dates.js';

describe('deadline rules (Europe/Madrid calendar dates)', () => {
  it('reads the date in Madrid, not in UTC: 23:30 UTC on 30 March 2027 is already the 31st (summer time)', () => {
    expect(madridDate(new Date('2027-03-30T21:59:59Z'))).toBe('2027-03-30');
    expect(madridDate(new Date('2027-03-30T22:00:00Z'))).toBe('2027-03-31');
    // Winter time (UTC+1): midnight in Madrid is 23:00 UTC the day before.
    expect(madridDate(new Date('2027-01-14T22:59:59Z'))).toBe('2027-01-14');
    expect(madridDate(new Date('2027-01-14T23:00:00Z'))).toBe('2027-01-15');
  });

  it('opens at 00:00 Madrid time of the opening date and closes after the end of the closing date', () => {
    const deadline = { opensOn: '2027-03-01', closesOn: '2027-03-31' };
    expect(deadlineState(deadline, new Date('2027-02-28T22:59:59Z'))).toBe('notOpen'); // 23:59:59 in Madrid (UTC+1)
    expect(deadlineState(deadline, new Date('2027-02-28T23:00:00Z'))).toBe('open');
    expect(deadlineState(deadline, new Date('2027-03-31T21:59:59Z'))).toBe('open'); // 23:59:59 in Madrid (UTC+2)
    expect(deadlineState(deadline, new Date('2027-03-31T22:00:00Z'))).toBe('closed');
  });

  it("follows the DST change: the last Sunday of March has 23 hours and October's 25", () => {
    // 28 March 2027: clocks go from 02:00 to 03:00. The day starts at 23:00 UTC on the 27th and ends at 22:00 UTC on the 28th.
    const march = { opensOn: '2027-03-28', closesOn: '2027-03-28' };
    expect(deadlineState(march, new Date('2027-03-27T22:59:59Z'))).toBe('notOpen');
    expect(deadlineState(march, new Date('2027-03-27T23:00:00Z'))).toBe('open');
    expect(deadlineState(march, new Date('2027-03-28T21:59:59Z'))).toBe('open');
    expect(deadlineState(march, new Date('2027-03-28T22:00:00Z'))).toBe('closed');
    // 31 October 2027: from 03:00 back to 02:00. The day runs from 22:00 UTC on the 30th to 23:00 UTC on the 31st.
    const october = { opensOn: '2027-10-31', closesOn: '2027-10-31' };
    expect(deadlineState(october, new Date('2027-10-30T21:59:59Z'))).toBe('notOpen');
    expect(deadlineState(october, new Date('2027-10-30T22:00:00Z'))).toBe('open');
    expect(deadlineState(october, new Date('2027-10-31T22:59:59Z'))).toBe('open');
    expect(deadlineState(october, new Date('2027-10-31T23:00:00Z'))).toBe('closed');
  });

  it('leaves an edition without dates always open', () => {
    expect(deadlineState({ opensOn: null, closesOn: null }, new Date('1990-01-01T00:00:00Z'))).toBe('open');
    expect(daysLeft(null, new Date())).toBeNull();
  });

  it('counts the days left with today included, and none once closed', () => {
    const noonMadrid = new Date('2027-03-19T11:00:00Z');
    expect(daysLeft('2027-03-31', noonMadrid)).toBe(13);
    expect(daysLeft('2027-03-19', noonMadrid)).toBe(1);
    expect(daysLeft('2027-03-18', noonMadrid)).toBe(0);
    // Across the DST change the count is still in calendar days.
    expect(daysLeft('2027-03-29', new Date('2027-03-27T12:00:00Z'))).toBe(3);
  });

  it('takes an extension only when it moves the closing date later', () => {
    expect(effectiveClosing('2027-03-31', '2027-04-15')).toBe('2027-04-15');
    expect(effectiveClosing('2027-03-31', '2027-03-15')).toBe('2027-03-31');
    expect(effectiveClosing('2027-03-31', null)).toBe('2027-03-31');
    expect(effectiveClosing(null, '2027-04-15')).toBeNull();
  });

  it('refuses dates that do not exist and a closing date before the opening date', () => {
    expect(isCalendarDate('2027-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-13-01')).toBe(false);
    expect(isCalendarDate('27-03-31')).toBe(false);
    // PostgreSQL has no year 0: it would refuse the date with a 500 where the caller deserves a 422.
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('1000-01-01')).toBe(true);
    expect(deadlineProblem('2027-03-01', '2027-03-01')).toBeNull();
    expect(deadlineProblem('2027-03-02', '2027-03-01')).toEqual({ field: 'closesOn', problem: 'is before opensOn' });
    expect(deadlineProblem(null, '2027-02-30')).toEqual({ field: 'closesOn', problem: 'is not a calendar date' });
    // The field named is the one that is wrong.
    expect(deadlineProblem('2026-02-30', null)).toEqual({ field: 'opensOn', problem: 'is not a calendar date' });
  });

  it('marks late only what is not sent once its closing date has passed', () => {
    const after = new Date('2027-04-01T10:00:00Z');
    expect(isLate('draft', '2027-03-31', after)).toBe(true);
    expect(isLate('none', '2027-03-31', after)).toBe(true);
    expect(isLate('created', '2027-03-31', after)).toBe(true);
    expect(isLate('sent', '2027-03-31', after)).toBe(false);
    expect(isLate('draft', '2027-04-01', after)).toBe(false);
    expect(isLate('draft', null, after)).toBe(false);
  });
});
