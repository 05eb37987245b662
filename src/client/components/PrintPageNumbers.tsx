import { useIntl } from 'react-intl';
import { PAGE_MARK, PAGES_MARK, pageNumbersCss } from '../lib/pageNumbers.js';

/** 'Página 3 de 23' at the foot of every printed page of the report on screen, in the reader's language. */
export function PrintPageNumbers() {
  const intl = useIntl();
  return (
    <style data-testid="print-page-numbers">
      {pageNumbersCss(intl.formatMessage({ id: 'RESULTS.PRINT.PAGE_NUMBER' }, { page: PAGE_MARK, pages: PAGES_MARK }))}
    </style>
  );
}
