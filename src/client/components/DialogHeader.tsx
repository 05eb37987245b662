import { Modal } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * A dialog's title bar: the title (a message id and its values, with the id the dialog's aria-labelledby names) and a close
 * button whose name is in the active language.
 */
export function DialogHeader({ id, title, values, as }: { id: string; title: string; values?: Record<string, string>; as?: 'h2' }) {
  const intl = useIntl();
  return (
    <Modal.Header closeButton closeLabel={intl.formatMessage({ id: 'COMMON.CLOSE' })}>
      <Modal.Title id={id} {...(as ? { as, className: 'h5' } : {})}>
        <FormattedMessage id={title} values={values} />
      </Modal.Title>
    </Modal.Header>
  );
}
