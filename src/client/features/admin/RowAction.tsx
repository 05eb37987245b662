import { Button } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';

/** A small button in a table row, named for screen readers with the row it acts on ("Eliminar: ana@ayto.es"). */
export function RowAction({ label, subject, danger, onClick }: { label: string; subject: string; danger?: boolean; onClick: () => void }) {
  const intl = useIntl();
  return (
    <Button size="sm" variant={danger ? 'outline-danger' : 'outline-secondary'} aria-label={`${intl.formatMessage({ id: label })}: ${subject}`} onClick={onClick}>
      <FormattedMessage id={label} />
    </Button>
  );
}
