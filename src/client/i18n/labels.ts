import type { IntlShape } from 'react-intl';

/**
 * A campaign's name, 'Campaña 2026', as a message id and values, built from its edition's year in the
 * interface's language (the server's Spanish `text` is for the spec's API only). The year is passed as text, so
 * that no locale groups it ('2.026', '2,026').
 */
export const campaignLabelMessage = (year: number) => ({ id: 'CAMPAIGN.LABEL', values: { year: String(year) } });

/** campaignLabelMessage formatted now. */
export function campaignLabel(intl: Pick<IntlShape, 'formatMessage'>, year: number): string {
  const { id, values } = campaignLabelMessage(year);
  return intl.formatMessage({ id }, values);
}
