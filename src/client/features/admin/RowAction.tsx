import { Button } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';

/** A small button in a table row, named for screen readers with the row it acts on ("Eliminar: ana@ayto.es"). */
export function RowAction({ label, subject, danger, onClick }: { label: string; subject: string; danger?: boolean; onClick: () => void }) {
  const intl = useIntl();
  return (
    <Button
      size="sm"
      variant={danger ? 'outline-danger' : 'outline-secondary'}
      aria-label={`${intl.formatMessage({ id: label })}: ${subject}`}
      onClick={onClick}
    >
      <FormattedMessage id={label} />
    </Button>
  );
}

/** A small link in a table row that looks like its buttons ('Editar'), named with the row it opens; `state` travels with it. */
export function RowLink({ label, subject, to, state }: { label: string; subject: string; to: string; state?: unknown }) {
  const intl = useIntl();
  return (
    <Link to={to} state={state} className="btn btn-sm btn-outline-secondary" aria-label={`${intl.formatMessage({ id: label })}: ${subject}`}>
      <FormattedMessage id={label} />
    </Link>
  );
}
