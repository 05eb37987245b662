import { Spinner } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';

/** A centred spinner with its text for screen readers and eyes alike. */
export function Loading() {
  return (
    <div className="d-flex align-items-center justify-content-center gap-2 py-5" role="status">
      <Spinner animation="border" size="sm" />
      <FormattedMessage id="APP.LOADING" />
    </div>
  );
}
