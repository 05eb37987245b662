import { useEffect } from 'react';
import { Button, Table } from 'react-bootstrap';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { RemoteState } from '../../../components/RemoteState.js';
import { ColumnHeadings, ListCell } from '../../../components/ListPage.js';
import { selectCan } from '../../auth/authSelectors.js';
import { editionsActions } from './editionsSlice.js';
import { selectEditions } from './editionsSelectors.js';
import type { EditionRow } from '../../../../shared/api/editions.js';
import { EditionUpload } from './EditionUpload.js';

const COLUMNS = ['YEAR', 'TITLE', 'QUESTIONNAIRE', 'CREATED', 'DRAFT', 'SENT', 'MEANS', 'IMPORTED'].map((c) => `EDITIONS.COLUMN.${c}`);
const FIGURES = COLUMNS.slice(3, 6);

/**
 * Which campaigns an edition's means are made from, with how many of its sent campaigns are validated; for ADMIN,
 * 'Cambiar', which asks first, spelling out what the other rule does.
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
 * The editions table: each edition's year, questionnaire size (in one column, in words: four columns of figures
 * made the table wider than a laptop's screen), campaigns per status and which of them its means are made from.
 */
function EditionsTable() {
  const { list } = useAppSelector(selectEditions);
  const mayChange = useAppSelector((state) => selectCan(state, 'EDITIONS_SETTINGS'));
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
              </ListCell>
              {[e.campaigns.created, e.campaigns.draft, e.campaigns.sent].map((n, i) => (
                <ListCell key={FIGURES[i]} label={FIGURES[i]} className="text-end">
                  {n}
                </ListCell>
              ))}
              <MeansCell edition={e} mayChange={mayChange} />
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
  useEffect(() => {
    dispatch(editionsActions.listRequested());
  }, [dispatch]);
  return (
    <section aria-labelledby="editions-title">
      <PageHeader id="editions-title" title="EDITIONS.TITLE" />
      <EditionsTable />
      {mayImport && <EditionUpload />}
      <p className="small text-body-secondary mt-3">
        <FormattedMessage id="EDITIONS.NOTE" />
      </p>
    </section>
  );
}
