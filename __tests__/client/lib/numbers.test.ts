import { createIntl } from 'react-intl';
import { chartNumberFormatter, formatPercent } from '../../../src/client/lib/numbers.js';
import { INTL_LOCALES } from '../../../src/client/i18n/messages.js';

const intlOf = (language: keyof typeof INTL_LOCALES) => createIntl({ locale: INTL_LOCALES[language], messages: {} });

describe('chart numbers', () => {
  it.each([
    ['es', '92,5', '77,25'],
    ['en', '92.5', '77.25'],
    ['ca', '92,5', '77,25'],
    ['va', '92,5', '77,25'],
  ] as const)('follow the locale in %s, with the decimals asked for or all of them', (language, oneDecimal, allDecimals) => {
    const format = chartNumberFormatter(intlOf(language));
    expect(format(92.5, 1)).toBe(oneDecimal);
    expect(format(77.25, -1)).toBe(allDecimals);
    expect(format(80, 0)).toBe('80');
    expect(format(80, 1)).toBe(oneDecimal.replace('92', '80').replace('5', '0'));
  });

  it.each(['es', 'en', 'ca'] as const)("write a chart's '{y:.1f}%' as the cards write a percentage (%s)", (language) => {
    const intl = intlOf(language);
    for (const fraction of [0.925, 0.8053, 0, 1])
      expect(`${chartNumberFormatter(intl)(Math.round(fraction * 1000) / 10, 1)}%`).toBe(formatPercent(intl, fraction));
  });
});
