import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Pager } from '../../../src/client/components/Pager.js';
import { MESSAGES } from '../../helpers/messages.js';

const renderPager = (locale: keyof typeof MESSAGES, onChange = jest.fn<(page: number) => void>()) => {
  const result = render(
    <IntlProvider locale={locale} messages={MESSAGES[locale]}>
      <Pager page={2} pages={3} onChange={onChange} label="Páginas" />
    </IntlProvider>,
  );
  return { ...result, onChange };
};

describe('Pager', () => {
  it('names its arrows in the active language and tells the current page without English words', () => {
    const { container, onChange } = renderPager('es');
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onChange.mock.calls).toEqual([[1], [3]]);
    expect(container.textContent).not.toMatch(/Previous|Next|current/);
    expect(container.querySelector('[aria-current="page"]')?.textContent).toBe('Página 2 de 3');
  });

  it('speaks Catalan in Catalan', () => {
    renderPager('ca');
    expect(screen.getByRole('button', { name: 'Següent' })).toBeTruthy();
  });
});
