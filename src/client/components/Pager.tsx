import { Pagination } from 'react-bootstrap';
import { useIntl } from 'react-intl';

/**
 * Previous / page n of N / next, for tables of 7 rows. Hidden when there is a single page. The arrows' names are
 * in the active language (react-bootstrap's Prev and Next hide fixed English words), and the current page is told by
 * aria-current rather than its '(current)'.
 */
export function Pager({ page, pages, onChange, label }: { page: number; pages: number; onChange: (page: number) => void; label: string }) {
  const intl = useIntl();
  if (pages <= 1) return null;
  const arrow = (symbol: string, id: string) => (
    <>
      <span aria-hidden="true">{symbol}</span>
      <span className="visually-hidden">{intl.formatMessage({ id })}</span>
    </>
  );
  return (
    <nav aria-label={label} className="pager d-flex justify-content-end">
      <Pagination size="sm" className="mb-0">
        <Pagination.Item disabled={page <= 1} onClick={() => onChange(page - 1)}>
          {arrow('‹', 'COMMON.PREVIOUS')}
        </Pagination.Item>
        <Pagination.Item active activeLabel="" aria-current="page">
          {intl.formatMessage({ id: 'COMMON.PAGE_OF' }, { page, pages })}
        </Pagination.Item>
        <Pagination.Item disabled={page >= pages} onClick={() => onChange(page + 1)}>
          {arrow('›', 'COMMON.NEXT')}
        </Pagination.Item>
      </Pagination>
    </nav>
  );
}
