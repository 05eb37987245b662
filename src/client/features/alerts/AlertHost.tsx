import { Button, Modal, Spinner } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { alertsActions } from './alertsSlice.js';

/** Shows the first alert of the queue as a dialog; confirming dispatches its action. */
export function AlertHost() {
  const { queue, visible, loading } = useAppSelector((state) => state.alerts);
  const dispatch = useAppDispatch();
  const alert = queue[0];
  if (!alert) return null;
  const hide = () => dispatch(alertsActions.alertHidden());
  return (
    <Modal show={visible} onHide={hide} centered aria-labelledby="alert-title">
      <Modal.Header closeButton>
        <Modal.Title id="alert-title">
          <FormattedMessage id={alert.title} values={alert.values} />
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          <FormattedMessage id={alert.message} values={alert.values} />
        </p>
        {alert.links && (
          <ul>
            {alert.links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>
                  <FormattedMessage id={link.label} values={link.values} />
                </a>
              </li>
            ))}
          </ul>
        )}
      </Modal.Body>
      <Modal.Footer>
        {alert.cancel && (
          <Button variant="outline-secondary" onClick={hide} disabled={loading}>
            <FormattedMessage id={alert.cancel.label} />
          </Button>
        )}
        {alert.confirm && (
          <Button
            variant={alert.confirm.danger ? 'danger' : 'primary'}
            disabled={loading}
            onClick={() => {
              if (!alert.confirm) return;
              dispatch(alert.confirm.action);
              if (alert.confirm.closes) hide();
            }}
          >
            {loading && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            <FormattedMessage id={alert.confirm.label} />
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
