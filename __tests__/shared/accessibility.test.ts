import { reviewOverdue } from '../../src/shared/accessibility.js';

describe('whether the accessibility statement is due a review', () => {
  it('is overdue without any review', () => {
    expect(reviewOverdue(null, '2026-12-01')).toBe(true);
  });

  it('is due twelve months after the review and overdue the day after', () => {
    expect(reviewOverdue('2025-12-01', '2026-11-30')).toBe(false);
    expect(reviewOverdue('2025-12-01', '2026-12-01')).toBe(false);
    expect(reviewOverdue('2025-12-01', '2026-12-02')).toBe(true);
    expect(reviewOverdue('2026-12-01', '2026-12-01')).toBe(false);
  });

  it('counts months across the turn of a year and from a 29 February', () => {
    expect(reviewOverdue('2025-01-31', '2026-01-31')).toBe(false);
    expect(reviewOverdue('2025-01-31', '2026-02-01')).toBe(true);
    expect(reviewOverdue('2024-02-29', '2025-03-01')).toBe(false);
    expect(reviewOverdue('2024-02-29', '2025-03-02')).toBe(true);
  });
});
