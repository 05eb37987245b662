import { useRef } from 'react';
import { Alert, Form, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { placeText, problemText, type FormatMessage } from '../../../../shared/catalogueProblems.js';
import type { FileProblem } from '../../../../shared/api/editions.js';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { editionsActions } from './editionsSlice.js';
import { selectEditions, selectFileProblems } from './editionsSelectors.js';
import { EditionPreviewView } from './EditionPreviewView.js';
import { TitledCard } from '../../../components/TitledCard.js';
import { LabelledGroup } from '../../../components/LabelledGroup.js';

/** A problem as the lists show it: its code and values (its words in the reader's language), the server's words. */
type ListedProblem = Pick<FileProblem, 'code' | 'params' | 'message'>;

/** A catalogue problem's words in the reader's language (i18n CATALOGUE.PROBLEM.*; the server's words for a code the client does not know). */
export function useProblemText(): (problem: ListedProblem) => string {
  const intl = useIntl();
  const format: FormatMessage = (id, values) => intl.formatMessage({ id }, values);
  return (p) => problemText(format, p.code, p.params, p.message);
}

/**
 * The problems of a catalogue in the reader's language, each after its place (`placeOf`: a refused file's names the
 * file's codes, or a line and column; a spreadsheet's, its sheet, row and column), empty for the whole file.
 */
export function ProblemList<P extends ListedProblem>({
  problems,
  placeOf,
  testId,
  title = 'EDITIONS.PROBLEMS.TITLE',
}: {
  problems: readonly P[];
  placeOf: (problem: P) => string;
  testId: string;
  /** What has the problems and what follows, with their {count}. */
  title?: string;
}) {
  const textOf = useProblemText();
  if (problems.length === 0) return null;
  return (
    <Alert variant="danger" className="mt-3" data-testid={testId}>
      <Alert.Heading as="h4" className="h6">
        <FormattedMessage id={title} values={{ count: problems.length }} />
      </Alert.Heading>
      <ul className="mb-0 small text-break">
        {problems.map((p, i) => {
          const place = placeOf(p);
          return (
            <li key={i}>
              {place ? <code className="me-1">{place}:</code> : null}
              {textOf(p)}
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}

/** Where a catalogue's problem is: the place named by the catalogue's codes, else its JSON path. */
export function useFilePlace(): (problem: FileProblem) => string {
  const intl = useIntl();
  return (p) => (p.where ? placeText((id, values) => intl.formatMessage({ id }, values), p.where) : p.path);
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
  const filePlace = useFilePlace();
  const input = useRef<HTMLInputElement>(null);
  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file) dispatch(editionsActions.fileChosen(file));
    // The same file may be chosen again after fixing it.
    if (input.current) input.current.value = '';
  };
  return (
    <TitledCard title="EDITIONS.UPLOAD.TITLE" titleClassName="h5" className="mt-4" testId="edition-upload">
      <p className="small text-body-secondary">
        <FormattedMessage id="EDITIONS.UPLOAD.HELP" />
      </p>
      <LabelledGroup controlId="edition-file" label="EDITIONS.UPLOAD.FILE">
        <Form.Control ref={input} type="file" accept=".json,application/json" onChange={(e) => choose((e.target as HTMLInputElement).files)} />
      </LabelledGroup>
      {preview.status === 'loading' && (
        <div className="mt-3" role="status">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          <FormattedMessage id="EDITIONS.UPLOAD.CHECKING" values={{ name: fileName }} />
        </div>
      )}
      <ProblemList problems={problems} placeOf={filePlace} testId="file-problems" />
      {importError?.type === 'CONFLICT' && (
        <Alert variant="danger" className="mt-3">
          <FormattedMessage id="EDITIONS.TOAST.EXISTS" />
        </Alert>
      )}
      {preview.data && <EditionPreviewView preview={preview.data} />}
    </TitledCard>
  );
}
