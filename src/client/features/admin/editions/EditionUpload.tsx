import { useRef } from 'react';
import { Alert, Card, Form, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { placeText, problemText, type FormatMessage } from '../../../../shared/catalogueProblems.js';
import type { FileProblem } from '../../../../shared/api/editions.js';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { editionsActions } from './editionsSlice.js';
import { selectEditions, selectFileProblems } from './editionsSelectors.js';
import { EditionPreviewView } from './EditionPreviewView.js';

/**
 * The problems of a catalogue in the reader's language, each with its place (named by the catalogue's codes, or a
 * line and column): a refused file's, or a draft's.
 */
export function ProblemList({ problems, testId = 'file-problems' }: { problems: readonly FileProblem[]; testId?: string }) {
  const intl = useIntl();
  if (problems.length === 0) return null;
  const format: FormatMessage = (id, values) => intl.formatMessage({ id }, values);
  return (
    <Alert variant="danger" className="mt-3" data-testid={testId}>
      <Alert.Heading as="h4" className="h6">
        <FormattedMessage id="EDITIONS.PROBLEMS.TITLE" values={{ count: problems.length }} />
      </Alert.Heading>
      <ul className="mb-0 small text-break">
        {problems.map((p, i) => {
          const place = p.where ? placeText(format, p.where) : p.path;
          return (
            <li key={i}>
              {place ? <code className="me-1">{place}:</code> : null}
              {problemText(format, p.code, p.params, p.message)}
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}

/** Adding an edition (ADMIN): choose its file, read the server's check and preview, then import it. */
export function EditionUpload() {
  const dispatch = useAppDispatch();
  const {
    fileName,
    preview,
    import: { error: importError },
  } = useAppSelector(selectEditions);
  const problems = useAppSelector(selectFileProblems);
  const input = useRef<HTMLInputElement>(null);
  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file) dispatch(editionsActions.fileChosen(file));
    // The same file may be chosen again after fixing it.
    if (input.current) input.current.value = '';
  };
  return (
    <Card className="mt-4" data-testid="edition-upload">
      <Card.Body>
        <Card.Title as="h3" className="h5">
          <FormattedMessage id="EDITIONS.UPLOAD.TITLE" />
        </Card.Title>
        <p className="small text-body-secondary">
          <FormattedMessage id="EDITIONS.UPLOAD.HELP" />
        </p>
        <Form.Group controlId="edition-file">
          <Form.Label>
            <FormattedMessage id="EDITIONS.UPLOAD.FILE" />
          </Form.Label>
          <Form.Control ref={input} type="file" accept=".json,application/json" onChange={(e) => choose((e.target as HTMLInputElement).files)} />
        </Form.Group>
        {preview.status === 'loading' && (
          <div className="mt-3" role="status">
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            <FormattedMessage id="EDITIONS.UPLOAD.CHECKING" values={{ name: fileName }} />
          </div>
        )}
        <ProblemList problems={problems} />
        {importError?.type === 'CONFLICT' && (
          <Alert variant="danger" className="mt-3">
            <FormattedMessage id="EDITIONS.TOAST.EXISTS" />
          </Alert>
        )}
        {preview.data && <EditionPreviewView preview={preview.data} />}
      </Card.Body>
    </Card>
  );
}
