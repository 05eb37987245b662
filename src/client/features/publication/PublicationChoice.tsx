import { useEffect } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { formatDateTime } from '../../lib/dates.js';
import { selectSelectedEntityId } from '../results/resultsSelectors.js';
import { publicationActions } from './publicationSlice.js';
import { selectPublication } from './publicationSelectors.js';

/**
 * 'Publicar mis resultados': whether the figures of the entity on screen in final editions are public (its members,
 * ADMIN and FEC may change it). Off until the entity turns it on; territorial means are public anyway.
 */
export function PublicationChoice() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const entityId = useAppSelector(selectSelectedEntityId);
  const { choice, loading, failed, saving } = useAppSelector(selectPublication);
  useEffect(() => {
    if (entityId !== null) dispatch(publicationActions.choiceRequested(entityId));
  }, [dispatch, entityId]);
  if (entityId === null) return null;
  const help = 'publication-help';
  return (
    <div className="border rounded p-3 mt-4 mb-3 d-print-none" data-testid="publication-choice">
      {failed ? (
        <Alert variant="warning" className="mb-0 py-2 d-flex flex-wrap align-items-center gap-2">
          <FormattedMessage id="PUBLICATION.LOAD_ERROR" />
          <Button size="sm" variant="outline-secondary" onClick={() => dispatch(publicationActions.choiceRequested(entityId))}>
            <FormattedMessage id="PUBLICATION.RETRY" />
          </Button>
        </Alert>
      ) : (
        <>
          <div className="d-flex align-items-center gap-2">
            <Form.Check
              type="switch"
              role="switch"
              id="publication-switch"
              className="fw-semibold mb-0"
              label={intl.formatMessage({ id: 'PUBLICATION.LABEL' })}
              checked={choice?.publish ?? false}
              disabled={loading || saving || !choice}
              aria-describedby={help}
              onChange={(event) => dispatch(publicationActions.changeAsked({ id: entityId, publish: event.currentTarget.checked }))}
            />
            {(loading || saving) && (
              <Spinner animation="border" size="sm" role="status">
                <span className="visually-hidden">{intl.formatMessage({ id: 'APP.LOADING' })}</span>
              </Spinner>
            )}
          </div>
          <p id={help} className="small text-body-secondary mb-0 mt-1">
            <FormattedMessage id="PUBLICATION.HELP" />
            {choice?.changedAt && choice.changedBy && (
              <>
                {' '}
                <FormattedMessage id="PUBLICATION.CHANGED" values={{ who: choice.changedBy, date: formatDateTime(intl, choice.changedAt) }} />
              </>
            )}
          </p>
        </>
      )}
    </div>
  );
}
