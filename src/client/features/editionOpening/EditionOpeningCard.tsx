import { useState } from 'react';
import { useShownYear } from '../campaigns/StatusEdition.js';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../app/hooks.js';
import { TitledCard } from '../../components/TitledCard.js';
import { Loading } from '../../components/Loading.js';
import type { OpeningQuery, OpeningScope, OpeningSummary } from '../../../shared/api/editionOpening.js';
import { editionOpeningActions } from './editionOpeningSlice.js';
import { selectOpening, selectOpeningSummary, selectReminders, selectScopeOptions } from './editionOpeningSelectors.js';
import { MailResult } from './MailResult.js';

const SCOPES: OpeningScope[] = ['all', 'community', 'province'];

/** The scope's lists: all Spain, a community or a province, and then which one. */
function ScopePicker({ scope, id, onChange }: { scope: OpeningScope; id: string; onChange: (scope: OpeningScope, id: string) => void }) {
  const intl = useIntl();
  const options = useAppSelector(selectScopeOptions);
  const territories = scope === 'community' ? options.communities : options.provinces;
  return (
    <>
      <Form.Select
        size="sm"
        className="w-auto"
        aria-label={intl.formatMessage({ id: 'OPENING.SCOPE' })}
        value={scope}
        onChange={(e) => onChange(e.target.value as OpeningScope, '')}
      >
        {SCOPES.map((s) => (
          <option key={s} value={s}>
            {intl.formatMessage({ id: `OPENING.SCOPE.${s}` })}
          </option>
        ))}
      </Form.Select>
      {scope !== 'all' && (
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label={intl.formatMessage({ id: `OPENING.SCOPE.${scope}` })}
          value={id}
          onChange={(e) => onChange(scope, e.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'OPENING.CHOOSE' })}</option>
          {territories.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Form.Select>
      )}
    </>
  );
}

/** 'Se crearán 2.691 campañas; 36 ya tienen una', with the e-mail choice and 'Confirmar' / 'Cancelar'. */
function Confirmation({ figures, scope }: { figures: OpeningSummary; scope: OpeningQuery }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const smtp = useAppSelector(selectReminders).data?.smtpConfigured ?? false;
  const [notify, setNotify] = useState(false);
  const n = (value: number) => intl.formatNumber(value, { format: 'population' });
  return (
    <Alert variant="info" className="mt-3 mb-0" data-testid="opening-summary">
      <p className="mb-2">
        <FormattedMessage
          id="OPENING.SUMMARY"
          values={{
            edition: String(figures.edition),
            count: figures.toCreate,
            toCreate: n(figures.toCreate),
            existingCount: figures.existing,
            existing: n(figures.existing),
          }}
        />
      </p>
      {smtp ? (
        <Form.Check
          id="opening-notify"
          className="mb-2"
          checked={notify}
          onChange={(e) => setNotify(e.target.checked)}
          label={intl.formatMessage({ id: 'OPENING.NOTIFY' })}
        />
      ) : (
        <p className="small mb-2">
          <FormattedMessage id="OPENING.NOTIFY_UNAVAILABLE" />
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={figures.toCreate === 0}
          onClick={() => dispatch(editionOpeningActions.openingConfirmed({ ...scope, notify: smtp && notify }))}
        >
          <FormattedMessage id="OPENING.CONFIRM" />
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={() => dispatch(editionOpeningActions.openingDismissed())}>
          <FormattedMessage id="COMMON.CANCEL" />
        </Button>
      </div>
    </Alert>
  );
}

/** 'Abrir la edición' (ADMIN): the current edition's campaign for every entity of a scope, after a summary and a confirmation. */
export function EditionOpeningCard() {
  const shownYear = useShownYear();
  const dispatch = useAppDispatch();
  const summary = useAppSelector(selectOpeningSummary);
  const opening = useAppSelector(selectOpening);
  const [scope, setScope] = useState<OpeningScope>('all');
  const [id, setId] = useState('');
  useDispatchOnMount(editionOpeningActions.territoriesRequested);
  const query: OpeningQuery = scope === 'all' ? { scope } : { scope, id };
  const busy = opening.status === 'loading';
  return (
    <TitledCard title="OPENING.CARD_TITLE" values={{ edition: shownYear }} className="h-100" testId="edition-opening">
      <p className="small text-body-secondary">
        <FormattedMessage id="OPENING.HELP" />
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <ScopePicker
          scope={scope}
          id={id}
          onChange={(s, i) => {
            setScope(s);
            setId(i);
          }}
        />
        <Button
          size="sm"
          variant="outline-primary"
          disabled={busy || (scope !== 'all' && id === '')}
          onClick={() => dispatch(editionOpeningActions.summaryRequested(query))}
        >
          <FormattedMessage id="OPENING.SUMMARY_BUTTON" />
        </Button>
      </div>
      {summary.status === 'loading' && <Loading />}
      {summary.figures && summary.scope && !busy && <Confirmation figures={summary.figures} scope={summary.scope} />}
      {busy && (
        <div role="status" className="mt-3">
          <Spinner animation="border" size="sm" className="me-2" />
          <FormattedMessage id="OPENING.PROGRESS" />
        </div>
      )}
      {opening.result && (
        <Alert
          variant="success"
          className="mt-3 mb-0"
          role="status"
          dismissible
          onClose={() => dispatch(editionOpeningActions.openingDismissed())}
          data-testid="opening-result"
        >
          <FormattedMessage
            id="OPENING.RESULT"
            values={{ edition: String(opening.result.edition), created: opening.result.created, existing: opening.result.existing }}
          />
          {opening.result.mail && <MailResult summary={opening.result.mail} />}
        </Alert>
      )}
    </TitledCard>
  );
}
