import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { editionDraftPath } from '../../../app/paths.js';
import { problemText } from '../../../../shared/catalogueProblems.js';
import { editionDraftsActions } from './editionDraftsSlice.js';
import { selectEditionDrafts } from './editionDraftsSelectors.js';

/** A refused spreadsheet's problems, each at its sheet, row and column (with the column's header), in the reader's language. */
function SheetProblems() {
  const { upload } = useAppSelector(selectEditionDrafts);
  const intl = useIntl();
  if (upload.problems.length === 0) return null;
  return (
    <Alert variant="danger" className="mt-3" data-testid="sheet-problems">
      <Alert.Heading as="h4" className="h6">
        <FormattedMessage id="EDITIONS.PROBLEMS.TITLE" values={{ count: upload.problems.length }} />
      </Alert.Heading>
      <ul className="mb-0 small text-break">
        {upload.problems.map((p, i) => (
          <li key={i}>
            {p.sheet && (
              <code className="me-1">
                <FormattedMessage id="EDITION_DRAFT.CELL" values={{ sheet: p.sheet, row: p.row, column: p.column, header: p.header }} />
              </code>
            )}
            {problemText((id, values) => intl.formatMessage({ id }, values), p.code, p.params, p.message)}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * Editions written in the app (ADMIN, FEC): 'Nueva edición a partir de <newest>', the drafts being written, and
 * 'Subir Excel' (a spreadsheet as 'Descargar en Excel' gives one, edited) into a draft of a year.
 */
export function DraftsCard({ newest }: { newest: number | null }) {
  const dispatch = useAppDispatch();
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
    <Card className="mt-4" data-testid="edition-drafts">
      <Card.Body>
        <Card.Title as="h3" className="h5">
          <FormattedMessage id="EDITION_DRAFT.CARD_TITLE" />
        </Card.Title>
        <p className="small text-body-secondary">
          <FormattedMessage id="EDITION_DRAFT.CARD_HELP" />
        </p>
        {newest !== null && next !== null && (
          <Button
            disabled={creating.status === 'loading'}
            onClick={() => dispatch(editionDraftsActions.createRequested({ from: newest, campaignNumber: next }))}
          >
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
            <Form.Group controlId="draft-upload-year" style={{ maxWidth: '10rem' }}>
              <Form.Label className="small mb-0">
                <FormattedMessage id="EDITION_DRAFT.UPLOAD_YEAR" />
              </Form.Label>
              <Form.Control inputMode="numeric" placeholder={next === null ? '' : String(next)} value={year} onChange={(e) => setYear(e.target.value)} />
            </Form.Group>
            <Form.Group controlId="draft-upload-file">
              <Form.Label className="small mb-0">
                <FormattedMessage id="EDITION_DRAFT.UPLOAD_FILE" />
              </Form.Label>
              <Form.Control ref={input} type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" />
            </Form.Group>
            <Button type="submit" variant="outline-primary" disabled={upload.status === 'loading' || chosen === null}>
              {upload.status === 'loading' && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
              <FormattedMessage id="EDITION_DRAFT.UPLOAD" />
            </Button>
          </div>
        </Form>
        <SheetProblems />
      </Card.Body>
    </Card>
  );
}
