import { useState } from 'react';
import { Button, Form, Modal, Table } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { DialogHeader } from '../../../components/DialogHeader.js';
import { DialogFooter } from '../../../components/DialogFooter.js';
import { SubmitButton } from '../../../components/SubmitButton.js';
import { Loading } from '../../../components/Loading.js';
import { ColumnHeadings, HiddenColumnHeading } from '../../../components/ListPage.js';
import type { EditionRow } from '../../../../shared/api/editions.js';
import type { SealThreshold } from '../../../../shared/api/publication.js';
import { SEAL_THRESHOLDS_MAX } from '../../../../shared/constants.js';
import { editionsActions } from './editionsSlice.js';
import { isFinal, selectEditions, thresholdRow, thresholdsOf, type ThresholdRow } from './editionsSelectors.js';

/** The thresholds' columns: up to what population, the least points. */
const SEAL_COLUMNS = ['EDITIONS.SEAL.MAX', 'EDITIONS.SEAL.MIN'] as const;

/** 'Umbrales del sello' of an edition (ADMIN): opens the dialog that reads and sets them. */
export function SealThresholdsButton({ year }: { year: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <Button
      variant="outline-secondary"
      size="sm"
      className="mt-1 d-block"
      onClick={() => dispatch(editionsActions.sealOpened(year))}
      aria-label={intl.formatMessage({ id: 'EDITIONS.SEAL.LABEL' }, { year: String(year) })}
    >
      <FormattedMessage id="EDITIONS.SEAL.BUTTON" />
    </Button>
  );
}

/**
 * The thresholds as rows to edit: each band up to a population (empty for no limit) and its percentage; added and
 * removed freely, checked as typed, sent once every row is right. Read only once the edition is final.
 */
function SealForm({ edition, stored, onClose }: { edition: EditionRow; stored: readonly SealThreshold[]; onClose: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => state.editions.sealSaving.status === 'loading');
  const [rows, setRows] = useState<ThresholdRow[]>(() => stored.map(thresholdRow));
  const [tried, setTried] = useState(false);
  const final = isFinal(edition);
  const { problems, thresholds } = thresholdsOf(rows);
  const change = (i: number, field: keyof ThresholdRow, value: string) => setRows(rows.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  const shown = (id: string | null) => (tried && id ? <FormattedMessage id={id} /> : null);
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (thresholds && !final) dispatch(editionsActions.sealSaveRequested({ campaignNumber: edition.year, thresholds }));
      }}
    >
      <DialogHeader id="seal-title" title="EDITIONS.SEAL.TITLE" values={{ year: String(edition.year) }} />
      <Modal.Body>
        <p>{final ? <FormattedMessage id="EDITIONS.SEAL.FINAL" /> : <FormattedMessage id="EDITIONS.SEAL.HELP" values={{ year: String(edition.year) }} />}</p>
        {rows.length === 0 ? (
          <p className="text-body-secondary" data-testid="seal-empty">
            <FormattedMessage id="EDITIONS.SEAL.EMPTY" />
          </p>
        ) : (
          <Table size="sm" className="align-top mb-2">
            <thead>
              <tr>
                <ColumnHeadings messages={SEAL_COLUMNS} />
                <HiddenColumnHeading message="EDITIONS.SEAL.REMOVE" />
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  <td>
                    <Form.Control
                      inputMode="numeric"
                      value={row.maxPopulation}
                      placeholder={intl.formatMessage({ id: 'EDITIONS.SEAL.NO_LIMIT' })}
                      aria-label={intl.formatMessage({ id: 'EDITIONS.SEAL.MAX_LABEL' }, { n: i + 1 })}
                      disabled={final}
                      isInvalid={tried && problems[i].maxPopulation !== null}
                      aria-invalid={tried && problems[i].maxPopulation !== null}
                      aria-describedby={`seal-population-error-${i}`}
                      onChange={(e) => change(i, 'maxPopulation', e.target.value)}
                    />
                    <Form.Control.Feedback type="invalid" id={`seal-population-error-${i}`}>
                      {shown(problems[i].maxPopulation)}
                    </Form.Control.Feedback>
                  </td>
                  <td>
                    <Form.Control
                      inputMode="decimal"
                      value={row.percent}
                      aria-label={intl.formatMessage({ id: 'EDITIONS.SEAL.MIN_LABEL' }, { n: i + 1 })}
                      disabled={final}
                      isInvalid={tried && problems[i].percent !== null}
                      aria-invalid={tried && problems[i].percent !== null}
                      aria-describedby={`seal-percent-error-${i}`}
                      onChange={(e) => change(i, 'percent', e.target.value)}
                    />
                    <Form.Control.Feedback type="invalid" id={`seal-percent-error-${i}`}>
                      {shown(problems[i].percent)}
                    </Form.Control.Feedback>
                  </td>
                  <td>
                    {!final && (
                      <Button
                        variant="outline-danger"
                        size="sm"
                        aria-label={intl.formatMessage({ id: 'EDITIONS.SEAL.REMOVE_LABEL' }, { n: i + 1 })}
                        onClick={() => setRows(rows.filter((_, j) => j !== i))}
                      >
                        <FormattedMessage id="EDITIONS.SEAL.REMOVE" />
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {!final && (
          <Button
            variant="outline-primary"
            size="sm"
            disabled={rows.length >= SEAL_THRESHOLDS_MAX}
            onClick={() => setRows([...rows, { maxPopulation: '', percent: '' }])}
          >
            <FormattedMessage id="EDITIONS.SEAL.ADD" />
          </Button>
        )}
      </Modal.Body>
      <DialogFooter dismissLabel={final ? 'COMMON.CLOSE' : 'COMMON.CANCEL'} onDismiss={onClose}>
        {!final && (
          <SubmitButton busy={busy} disabled={busy}>
            <FormattedMessage id="EDITIONS.SEAL.SAVE" />
          </SubmitButton>
        )}
      </DialogFooter>
    </Form>
  );
}

/** The seal thresholds' dialog, open for the edition chosen in the table; a spinner while they are read. */
export function SealThresholdsDialog() {
  const dispatch = useAppDispatch();
  const seal = useAppSelector((state) => state.editions.seal);
  const edition = useAppSelector(selectEditions).list.items.find((e) => e.year === seal.year);
  const close = () => dispatch(editionsActions.sealClosed());
  return (
    <Modal show={edition !== undefined} onHide={close} aria-labelledby="seal-title">
      {edition && seal.thresholds ? (
        <SealForm key={edition.year} edition={edition} stored={seal.thresholds} onClose={close} />
      ) : (
        <>
          <DialogHeader id="seal-title" title="EDITIONS.SEAL.TITLE" values={{ year: String(seal.year ?? '') }} />
          <Modal.Body>
            {seal.status === 'failed' ? (
              <p className="text-danger" role="alert">
                <FormattedMessage id="COMMON.LOAD_FAILED" />
              </p>
            ) : (
              <Loading />
            )}
          </Modal.Body>
        </>
      )}
    </Modal>
  );
}
