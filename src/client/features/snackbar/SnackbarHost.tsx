import { Toast, ToastContainer } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { snackbarActions } from './snackbarSlice.js';

const VARIANT = { success: 'success', info: 'info', warning: 'warning', error: 'danger' } as const;

/** Shows the current toast; its saga closes it after 5 s. */
export function SnackbarHost() {
  const { open, current } = useAppSelector((state) => state.snackbar);
  const dispatch = useAppDispatch();
  const intl = useIntl();
  return (
    <ToastContainer position="bottom-end" className="p-3 position-fixed" style={{ zIndex: 1090 }}>
      <Toast show={open && !!current} onClose={() => dispatch(snackbarActions.toastClosed(current?.id))} bg={current ? VARIANT[current.severity] : undefined}>
        <Toast.Header closeLabel={intl.formatMessage({ id: 'COMMON.CLOSE' })}>
          <strong className="me-auto">
            <FormattedMessage id="APP.TITLE" />
          </strong>
        </Toast.Header>
        <Toast.Body
          role={current?.severity === 'error' ? 'alert' : 'status'}
          className={current?.severity === 'error' || current?.severity === 'success' ? 'text-white' : undefined}
        >
          {current && <FormattedMessage id={current.message} values={current.values} />}
        </Toast.Body>
      </Toast>
    </ToastContainer>
  );
}
