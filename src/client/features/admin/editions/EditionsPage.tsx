import { useEffect } from 'react';
import { Table } from 'react-bootstrap';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { RemoteState } from '../../../components/RemoteState.js';
import { ColumnHeadings, ListCell } from '../../../components/ListPage.js';
import { selectCan } from '../../auth/authSelectors.js';
import { editionsActions } from './editionsSlice.js';
import { selectEditions } from './editionsSelectors.js';
import { EditionUpload } from './EditionUpload.js';

const COLUMNS = ['YEAR', 'TITLE', 'AXES', 'POLICIES', 'MEASURES', 'QUESTIONS', 'CREATED', 'DRAFT', 'SENT', 'IMPORTED'].map((c) => `EDITIONS.COLUMN.${c}`);
const FIGURES = COLUMNS.slice(2, 9);

/** The editions table: each edition's year, questionnaire size and campaigns per status. */
function EditionsTable() {
  const { list } = useAppSelector(selectEditions);
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
              {[e.axes, e.policies, e.measures, e.questions, e.campaigns.created, e.campaigns.draft, e.campaigns.sent].map((n, i) => (
                <ListCell key={FIGURES[i]} label={FIGURES[i]} className="text-end">
                  {n}
                </ListCell>
              ))}
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
