import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { PATHS } from '../../app/paths.js';
import type { TransportErrorMessage } from '../../lib/transportErrors.js';

const LAYOUTS = ['error-layout-1', 'error-layout-2', 'error-layout-3'] as const;

/**
 * Full-page error: one of three layouts chosen at random, the title 404 for not-found errors and
 * 'Oops!' otherwise, a text and the message (spec section 2, Error pages).
 */
export function ErrorPage({ error }: { error?: TransportErrorMessage | null }) {
  const stored = useAppSelector((state) => state.errors.globalError);
  const shown = error ?? stored ?? { id: 'TRANSPORT.NOT_FOUND', notFound: true };
  const [layout] = useState(() => LAYOUTS[Math.floor(Math.random() * LAYOUTS.length)]);
  const navigate = useNavigate();
  // Leaving the address dismisses the error (useErrorDismissedOnNavigation in the app's root).
  const backHome = () => navigate(PATHS.root);
  return (
    <main className={`error-page ${layout}`} data-layout={layout}>
      <div className="error-content">
        <h1 className="error-title">
          <FormattedMessage id={shown.notFound ? 'ERRORS.NOT_FOUND_TITLE' : 'ERRORS.OOPS'} />
        </h1>
        <p className="lead">
          <FormattedMessage id={shown.notFound ? 'ERRORS.NOT_FOUND_TEXT' : 'ERRORS.GENERIC_TEXT'} />
        </p>
        <p className="error-message" data-testid="error-message">
          <FormattedMessage id={shown.id} values={shown.values} />
        </p>
        <Button variant="primary" onClick={backHome}>
          <FormattedMessage id="ERRORS.BACK_HOME" />
        </Button>
      </div>
    </main>
  );
}
