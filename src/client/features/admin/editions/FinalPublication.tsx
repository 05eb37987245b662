import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import type { EditionRow } from '../../../../shared/api/editions.js';
import { DialogHeader } from '../../../components/DialogHeader.js';
import { DialogFooter } from '../../../components/DialogFooter.js';
import { SubmitButton } from '../../../components/SubmitButton.js';
import { formatShortCalendarDay, formatShortMadridDay } from '../../../lib/dates.js';
import { editionsActions } from './editionsSlice.js';
import { selectEditions, selectFinalBlockers } from './editionsSelectors.js';

type FinalBlockers = NonNullable<ReturnType<typeof selectFinalBlockers>>;

/** An edition's results final: 'Resultados definitivos desde el 30/06/2026' (Madrid's calendar). */
export function FinalSince({ finalPublishedAt }: { finalPublishedAt: string }) {
  const intl = useIntl();
  return (
    <span className="fw-semibold text-success">
      <FormattedMessage id="EDITIONS.FINAL.SINCE" values={{ date: formatShortMadridDay(intl, finalPublishedAt) }} />
    </span>
  );
}

/** 'Publicar resultados definitivos' (ADMIN): opens the dialog that says what freezes. */
export function PublishFinalButton({ year }: { year: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <Button
      variant="outline-danger"
      size="sm"
      className="mt-1 d-block"
      onClick={() => dispatch(editionsActions.finalPublishOpened(year))}
      aria-label={intl.formatMessage({ id: 'EDITIONS.FINAL.LABEL' }, { year: String(year) })}
    >
      <FormattedMessage id="EDITIONS.FINAL.BUTTON" />
    </Button>
  );
}

/** What still keeps the results from being final, as the server refused them: each reason, with the campaigns and objections named. */
function FinalBlockersList({ blockers }: { blockers: FinalBlockers }) {
  const intl = useIntl();
  const { provisionalPublished, objectionsUntil, notValidated, openObjections, objectionEntities } = blockers;
  return (
    <Alert variant="warning" className="mb-0" data-testid="final-blockers">
      <Alert.Heading as="h3" className="h6">
        <FormattedMessage id="EDITIONS.FINAL.BLOCKED.TITLE" />
      </Alert.Heading>
      <ul className="mb-0">
        {!provisionalPublished && (
          <li>
            <FormattedMessage id="EDITIONS.FINAL.BLOCKED.NOT_PUBLISHED" />
          </li>
        )}
        {objectionsUntil !== null && (
          <li>
            <FormattedMessage id="EDITIONS.FINAL.BLOCKED.PERIOD_OPEN" values={{ date: formatShortCalendarDay(intl, objectionsUntil) }} />
          </li>
        )}
        {notValidated.length > 0 && (
          <li data-testid="final-blockers-not-validated">
            <FormattedMessage id="EDITIONS.FINAL.BLOCKED.NOT_VALIDATED" values={{ count: notValidated.length }} />
            <ul>
              {notValidated.map((c) => (
                <li key={c.campaignId}>
                  <FormattedMessage
                    id="EDITIONS.FINAL.BLOCKED.CAMPAIGN"
                    values={{ entity: c.entityName, status: intl.formatMessage({ id: `EDITIONS.FINAL.BLOCKED.STATE.${c.reviewStatus}` }) }}
                  />
                </li>
              ))}
            </ul>
          </li>
        )}
        {openObjections > 0 && (
          <li data-testid="final-blockers-objections">
            <FormattedMessage id="EDITIONS.FINAL.BLOCKED.OPEN_OBJECTIONS" values={{ count: openObjections }} />
            <ul>
              {objectionEntities.map((e) => (
                <li key={e.entityId}>
                  <FormattedMessage id="EDITIONS.FINAL.BLOCKED.ENTITY_OBJECTIONS" values={{ entity: e.entityName, count: e.count }} />
                </li>
              ))}
            </ul>
          </li>
        )}
      </ul>
    </Alert>
  );
}

/**
 * 'Publicar resultados definitivos · Edición 2025': what freezes with them. Refused while something is still open,
 * the dialog stays and lists it (every campaign and objection named: a long list scrolls the dialog, as any long dialog).
 */
function PublishFinalForm({ edition, onClose }: { edition: EditionRow; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => state.editions.publishingFinal.status === 'loading');
  const blockers = useAppSelector(selectFinalBlockers);
  const year = String(edition.year);
  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        dispatch(editionsActions.finalPublishRequested({ campaignNumber: edition.year }));
      }}
    >
      <DialogHeader id="publish-final-title" title="EDITIONS.FINAL.TITLE" values={{ year }} />
      <Modal.Body>
        <p>
          <FormattedMessage id="EDITIONS.FINAL.BODY" values={{ year }} />
        </p>
        {blockers && <FinalBlockersList blockers={blockers} />}
      </Modal.Body>
      <DialogFooter dismissLabel="COMMON.CANCEL" onDismiss={onClose}>
        {/* Red: it cannot be undone. */}
        <SubmitButton variant="danger" busy={busy}>
          <FormattedMessage id="EDITIONS.FINAL.CONFIRM" />
        </SubmitButton>
      </DialogFooter>
    </Form>
  );
}

/** The final publication's dialog, open for the edition chosen in the table. */
export function PublishFinalDialog() {
  const dispatch = useAppDispatch();
  const year = useAppSelector((state) => state.editions.publishingFinal.year);
  const edition = useAppSelector(selectEditions).list.items.find((e) => e.year === year);
  const close = () => dispatch(editionsActions.finalPublishClosed());
  return (
    <Modal show={edition !== undefined} onHide={close} aria-labelledby="publish-final-title">
      {edition && <PublishFinalForm key={edition.year} edition={edition} onClose={close} />}
    </Modal>
  );
}
