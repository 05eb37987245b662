import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { editionDraftPath } from '../../../app/paths.js';
import { ProblemList } from '../editions/EditionUpload.js';
import { editionDraftsActions } from './editionDraftsSlice.js';
import { selectEditionDrafts } from './editionDraftsSelectors.js';
import { TitledCard } from '../../../components/TitledCard.js';
import { LabelledGroup } from '../../../components/LabelledGroup.js';

/**
 * Editions written in the app (ADMIN, FEC): 'Nueva edición a partir de <newest>', the drafts being written, and
 * 'Subir Excel' (a spreadsheet as 'Descargar en Excel' gives one, edited) into a draft of a year.
 */
export function DraftsCard({ newest }: { newest: number | null }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const { list, creating, upload } = useAppSelector(selectEditionDrafts);
  const [year, setYear] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    dispatch(editionDraftsActions.listRequested());
  }, [dispatch]);
  const next = newest === null ? null : newest + 1;
  const typedYear = /^\d{4}$/.test(year) ? Number(year) : null;
  const chosen = typedYear ?? next;
  return (
    <TitledCard title="EDITION_DRAFT.CARD_TITLE" titleClassName="h5" className="mt-4" testId="edition-drafts">
      <p className="small text-body-secondary">
        <FormattedMessage id="EDITION_DRAFT.CARD_HELP" />
      </p>
      {newest !== null && next !== null && (
        <Button disabled={creating.status === 'loading'} onClick={() => dispatch(editionDraftsActions.createRequested({ from: newest, campaignNumber: next }))}>
          {creating.status === 'loading' && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
          <FormattedMessage id="EDITION_DRAFT.NEW_FROM" values={{ year: String(newest) }} />
        </Button>
      )}
      {creating.error?.type === 'CONFLICT' && (
        <Alert variant="warning" className="mt-2">
          <FormattedMessage id="EDITION_DRAFT.EXISTS" values={{ year: String(next) }} />
        </Alert>
      )}
      <h4 className="h6 mt-3">
        <FormattedMessage id="EDITION_DRAFT.DRAFTS" />
      </h4>
      {list.status === 'loading' ? (
        <Spinner animation="border" size="sm" role="status" aria-label="…" />
      ) : list.items.length === 0 ? (
        <p className="small text-body-secondary">
          <FormattedMessage id="EDITION_DRAFT.NO_DRAFTS" />
        </p>
      ) : (
        <ul data-testid="draft-list">
          {list.items.map((d) => (
            <li key={d.campaignNumber}>
              <Link to={editionDraftPath(d.campaignNumber)}>
                <FormattedMessage id="EDITION_DRAFT.OPEN" values={{ year: String(d.campaignNumber) }} />
              </Link>{' '}
              <span className="small text-body-secondary">
                <FormattedMessage id="EDITION_DRAFT.CHANGED" values={{ when: <FormattedDate value={d.updatedAt} dateStyle="short" timeStyle="short" /> }} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <Form
        className="mt-3"
        onSubmit={(e) => {
          e.preventDefault();
          const file = input.current?.files?.[0];
          if (file && chosen !== null) dispatch(editionDraftsActions.spreadsheetChosen(chosen, file));
        }}
      >
        <h4 className="h6">
          <FormattedMessage id="EDITION_DRAFT.UPLOAD" />
        </h4>
        <div className="d-flex flex-wrap align-items-end gap-2">
          <LabelledGroup controlId="draft-upload-year" label="EDITION_DRAFT.UPLOAD_YEAR" labelClassName="small mb-0" style={{ maxWidth: '10rem' }}>
            <Form.Control inputMode="numeric" placeholder={next === null ? '' : String(next)} value={year} onChange={(e) => setYear(e.target.value)} />
          </LabelledGroup>
          <LabelledGroup controlId="draft-upload-file" label="EDITION_DRAFT.UPLOAD_FILE" labelClassName="small mb-0">
            <Form.Control ref={input} type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" />
          </LabelledGroup>
          <Button type="submit" variant="outline-primary" disabled={upload.status === 'loading' || chosen === null}>
            {upload.status === 'loading' && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
            <FormattedMessage id="EDITION_DRAFT.UPLOAD" />
          </Button>
        </div>
      </Form>
      <ProblemList
        problems={upload.problems}
        placeOf={(p) => (p.sheet ? intl.formatMessage({ id: 'EDITION_DRAFT.CELL' }, { sheet: p.sheet, row: p.row, column: p.column, header: p.header }) : '')}
        testId="sheet-problems"
        title="EDITION_DRAFT.UPLOAD_PROBLEMS_TITLE"
      />
    </TitledCard>
  );
}
