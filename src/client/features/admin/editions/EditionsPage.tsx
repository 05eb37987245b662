import { useEffect, useState } from 'react';
import { Button, Form, Modal, Spinner, Table } from 'react-bootstrap';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { RemoteState } from '../../../components/RemoteState.js';
import { ColumnHeadings, ListCell } from '../../../components/ListPage.js';
import { selectCan } from '../../auth/authSelectors.js';
import { editionsActions } from './editionsSlice.js';
import { isFinal, mayPublishFinal, selectEditions } from './editionsSelectors.js';
import type { EditionRow } from '../../../../shared/api/editions.js';
import { EditionUpload } from './EditionUpload.js';
import { DialogHeader } from '../../../components/DialogHeader.js';
import { DialogFooter } from '../../../components/DialogFooter.js';
import { SubmitButton } from '../../../components/SubmitButton.js';
import { LabelledGroup } from '../../../components/LabelledGroup.js';
import { formatShortCalendarDay } from '../../../lib/dates.js';
import { madridDate } from '../../../../shared/dates.js';
import { FinalSince, PublishFinalButton, PublishFinalDialog } from './FinalPublication.js';
import { SealThresholdsButton, SealThresholdsDialog } from './SealThresholds.js';
import { DraftsCard } from '../editionDrafts/DraftsCard.js';

const COLUMNS = ['YEAR', 'TITLE', 'QUESTIONNAIRE', 'CREATED', 'DRAFT', 'SENT', 'MEANS', 'OBJECTIONS', 'IMPORTED'].map((c) => `EDITIONS.COLUMN.${c}`);
const FIGURES = COLUMNS.slice(3, 6);

/**
 * Which campaigns an edition's means are made from, with how many of its sent campaigns are validated; for ADMIN,
 * 'Cambiar', which asks first, spelling out what the other rule does (disabled once the results are final: the
 * server would refuse it).
 */
function MeansCell({ edition, mayChange }: { edition: EditionRow; mayChange: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <ListCell label="EDITIONS.COLUMN.MEANS">
      {/* One block: on a phone the cell lays its children out in a row beside its label. */}
      <div>
        <span className="fw-semibold" data-testid={`edition-means-${edition.year}`}>
          <FormattedMessage id={`EDITIONS.MEANS.${edition.meansFrom}`} />
        </span>
        <span className="d-block small text-body-secondary">
          <FormattedMessage id="EDITIONS.MEANS.VALIDATED_COUNT" values={{ validated: edition.campaigns.validated, sent: edition.campaigns.sent }} />
        </span>
        {mayChange && (
          <Button
            variant="outline-primary"
            size="sm"
            className="mt-1"
            disabled={isFinal(edition)}
            onClick={() => dispatch(editionsActions.meansFromAsked(edition))}
            aria-label={intl.formatMessage({ id: 'EDITIONS.MEANS.CHANGE_LABEL' }, { year: String(edition.year) })}
          >
            <FormattedMessage id="EDITIONS.MEANS.CHANGE" />
          </Button>
        )}
      </div>
    </ListCell>
  );
}

/**
 * Where an edition's results stand: not published, the last day to object and how many objections await a decision,
 * or final since a day; for ADMIN, 'Publicar resultados provisionales' (once published, 'Cambiar plazo', and
 * 'Publicar resultados definitivos'), none once final.
 */
function ObjectionsCell({ edition, mayPublish }: { edition: EditionRow; mayPublish: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { objectionsUntil, openObjections, finalPublishedAt } = edition.publication;
  return (
    <ListCell label="EDITIONS.COLUMN.OBJECTIONS">
      <div data-testid={`edition-objections-${edition.year}`}>
        {finalPublishedAt !== null ? (
          <FinalSince finalPublishedAt={finalPublishedAt} />
        ) : objectionsUntil === null ? (
          <span className="text-body-secondary">
            <FormattedMessage id="EDITIONS.OBJECTIONS.NOT_PUBLISHED" />
          </span>
        ) : (
          <>
            <span className="fw-semibold">
              <FormattedMessage
                id={objectionsUntil < madridDate(new Date()) ? 'EDITIONS.OBJECTIONS.CLOSED' : 'EDITIONS.OBJECTIONS.UNTIL'}
                values={{ date: formatShortCalendarDay(intl, objectionsUntil) }}
              />
            </span>
            <span className="d-block small text-body-secondary">
              <FormattedMessage id="EDITIONS.OBJECTIONS.OPEN" values={{ count: openObjections }} />
            </span>
          </>
        )}
        {mayPublish && !isFinal(edition) && (
          <Button
            variant="outline-primary"
            size="sm"
            className="mt-1 d-block"
            onClick={() => dispatch(editionsActions.publishOpened(edition.year))}
            aria-label={intl.formatMessage(
              { id: objectionsUntil === null ? 'EDITIONS.PUBLISH.LABEL' : 'EDITIONS.PUBLISH.MOVE_LABEL' },
              { year: String(edition.year) },
            )}
          >
            <FormattedMessage id={objectionsUntil === null ? 'EDITIONS.PUBLISH.BUTTON' : 'EDITIONS.PUBLISH.MOVE'} />
          </Button>
        )}
        {mayPublish && mayPublishFinal(edition) && <PublishFinalButton year={edition.year} />}
      </div>
      {mayPublish && <SealThresholdsButton year={edition.year} />}
    </ListCell>
  );
}

/** A week and a half from today in Madrid, the last day to object the dialog offers first. */
function defaultLastDay(now: Date): string {
  return madridDate(new Date(now.getTime() + 10 * 86_400_000));
}

/**
 * 'Publicar resultados provisionales': the last day entities may object (today or later; the day set already, when
 * it moves it), with what publishing means. The dialog stays open with its date if the server refuses it.
 */
function PublishForm({ edition, onClose }: { edition: EditionRow; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => state.editions.publishing.status === 'loading');
  const today = madridDate(new Date());
  const [day, setDay] = useState(edition.publication.objectionsUntil ?? defaultLastDay(new Date()));
  const past = day !== '' && day < today;
  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        if (day !== '' && !past) dispatch(editionsActions.publishRequested({ campaignNumber: edition.year, objectionsUntil: day }));
      }}
    >
      <DialogHeader id="publish-title" title="EDITIONS.PUBLISH.TITLE" values={{ year: String(edition.year) }} />
      <Modal.Body>
        <p>
          <FormattedMessage id="EDITIONS.PUBLISH.BODY" />
        </p>
        <LabelledGroup controlId="publish-last-day" label="EDITIONS.PUBLISH.LAST_DAY">
          <Form.Control type="date" required min={today} value={day} onChange={(e) => setDay(e.target.value)} isInvalid={past} />
          <Form.Control.Feedback type="invalid">
            <FormattedMessage id="EDITIONS.PUBLISH.PAST" />
          </Form.Control.Feedback>
        </LabelledGroup>
      </Modal.Body>
      <DialogFooter dismissLabel="COMMON.CANCEL" onDismiss={onClose}>
        <SubmitButton busy={busy} disabled={busy || day === '' || past}>
          <FormattedMessage id="EDITIONS.PUBLISH.CONFIRM" />
        </SubmitButton>
      </DialogFooter>
    </Form>
  );
}

/** The publication's dialog, open for the edition chosen in the table. */
function PublishDialog() {
  const dispatch = useAppDispatch();
  const year = useAppSelector((state) => state.editions.publishing.year);
  const edition = useAppSelector(selectEditions).list.items.find((e) => e.year === year);
  const close = () => dispatch(editionsActions.publishClosed());
  return (
    <Modal show={edition !== undefined} onHide={close} aria-labelledby="publish-title">
      {edition && <PublishForm key={edition.year} edition={edition} onClose={close} />}
    </Modal>
  );
}

/** 'Descargar en Excel': the edition's questionnaire as a spreadsheet, one row per response (a spinner while it is read). */
function SpreadsheetButton({ year }: { year: number }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const downloading = useAppSelector((state) => state.editions.downloading);
  const busy = downloading === year;
  return (
    <Button
      variant="link"
      size="sm"
      className="d-block p-0 mt-1 text-start"
      disabled={downloading !== null}
      onClick={() => dispatch(editionsActions.spreadsheetRequested(year))}
      aria-label={intl.formatMessage({ id: 'EDITIONS.SPREADSHEET.LABEL' }, { year: String(year) })}
    >
      {busy && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
      <FormattedMessage id="EDITIONS.SPREADSHEET.BUTTON" />
    </Button>
  );
}

/**
 * The editions table: each edition's year, questionnaire size (in one column, in words: four columns of figures
 * made the table wider than a laptop's screen), campaigns per status and which of them its means are made from.
 */
function EditionsTable() {
  const { list } = useAppSelector(selectEditions);
  // Both the means' rule and the publication are the edition's settings: ADMIN's.
  const mayChange = useAppSelector((state) => selectCan(state, 'EDITIONS_SETTINGS'));
  const mayWrite = useAppSelector((state) => selectCan(state, 'EDITIONS_WRITE'));
  return (
    <RemoteState status={list.status} empty={list.items.length === 0} emptyMessage="EDITIONS.EMPTY">
      <Table responsive hover className="bg-white align-middle list-table" data-testid="editions-table">
        <thead>
          <tr>
            <ColumnHeadings messages={COLUMNS} endAligned={FIGURES} />
          </tr>
        </thead>
        <tbody>
          {list.items.map((e) => (
            <tr key={e.id}>
              <ListCell label="EDITIONS.COLUMN.YEAR" className="fw-semibold">
                {e.year}
              </ListCell>
              <ListCell label="EDITIONS.COLUMN.TITLE">{e.title}</ListCell>
              <ListCell label="EDITIONS.COLUMN.QUESTIONNAIRE">
                <FormattedMessage id="EDITIONS.PREVIEW.COUNTS" values={{ axes: e.axes, policies: e.policies, measures: e.measures, questions: e.questions }} />
                {mayWrite && <SpreadsheetButton year={e.year} />}
              </ListCell>
              {[e.campaigns.created, e.campaigns.draft, e.campaigns.sent].map((n, i) => (
                <ListCell key={FIGURES[i]} label={FIGURES[i]} className="text-end">
                  {n}
                </ListCell>
              ))}
              <MeansCell edition={e} mayChange={mayChange} />
              <ObjectionsCell edition={e} mayPublish={mayChange} />
              <ListCell label="EDITIONS.COLUMN.IMPORTED" className="text-nowrap">
                <FormattedDate value={e.importedAt} dateStyle="short" />
              </ListCell>
            </tr>
          ))}
        </tbody>
      </Table>
    </RemoteState>
  );
}

/** /manage/editions: the questionnaire editions (ADMIN and FEC) and, for ADMIN, adding one from its file. */
export default function EditionsPage() {
  const dispatch = useAppDispatch();
  const mayImport = useAppSelector((state) => selectCan(state, 'EDITIONS_IMPORT'));
  const mayWrite = useAppSelector((state) => selectCan(state, 'EDITIONS_WRITE'));
  const { list } = useAppSelector(selectEditions);
  const newest = list.items.length > 0 ? Math.max(...list.items.map((e) => e.year)) : null;
  useEffect(() => {
    dispatch(editionsActions.listRequested());
  }, [dispatch]);
  return (
    <section aria-labelledby="editions-title">
      <PageHeader id="editions-title" title="EDITIONS.TITLE" />
      <EditionsTable />
      <PublishDialog />
      <PublishFinalDialog />
      <SealThresholdsDialog />
      {mayWrite && list.status === 'succeeded' && <DraftsCard newest={newest} />}
      {mayImport && <EditionUpload />}
      <p className="small text-body-secondary mt-3">
        <FormattedMessage id="EDITIONS.NOTE" />
      </p>
    </section>
  );
}
