import { Spinner } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';

/** Shown while the session is being restored, for 3 s at most. */
export function SplashScreen() {
  return (
    <div className="splash" role="status">
      <Spinner animation="border" variant="primary" />
      <p className="mt-3 text-body-secondary">
        <FormattedMessage id="APP.LOADING" />
      </p>
    </div>
  );
}
