import { Pagination } from 'react-bootstrap';
import { useIntl } from 'react-intl';

/** Previous / page n of N / next, for tables of 7 rows. Hidden when there is a single page. */
export function Pager({ page, pages, onChange, label }: { page: number; pages: number; onChange: (page: number) => void; label: string }) {
  const intl = useIntl();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="d-flex justify-content-end">
      <Pagination size="sm" className="mb-0">
        <Pagination.Prev disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label={intl.formatMessage({ id: 'COMMON.PREVIOUS' })} />
        <Pagination.Item active aria-current="page">
          {intl.formatMessage({ id: 'COMMON.PAGE_OF' }, { page, pages })}
        </Pagination.Item>
        <Pagination.Next disabled={page >= pages} onClick={() => onChange(page + 1)} aria-label={intl.formatMessage({ id: 'COMMON.NEXT' })} />
      </Pagination>
    </nav>
  );
}
