import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { QuestionCircle } from '../../components/icons.js';
import { DialogHeader } from '../../components/DialogHeader.js';
import { DialogFooter } from '../../components/DialogFooter.js';
import { usePrinting } from '../../lib/printing.js';

const PARAGRAPHS = ['POINTS', 'PERCENTAGE', 'PARTICIPANTS', 'ALL', 'NO_DATA', 'ICONS', 'PLAN', 'TREND'] as const;

/** The same words at the end of a printed report, laid out only while printing (on screen, the button opens them). */
export function HowCalculatedPrint() {
  const printing = usePrinting();
  if (!printing) return null;
  return (
    <section className="how-calculated-print d-none d-print-block" aria-labelledby="how-calculated-print-title" data-testid="how-calculated-print">
      <h2 id="how-calculated-print-title" className="h5">
        <FormattedMessage id="RESULTS.HELP.TITLE" />
      </h2>
      {PARAGRAPHS.map((key) => (
        <p key={key}>
          <FormattedMessage id={`RESULTS.HELP.${key}`} />
        </p>
      ))}
    </section>
  );
}

/** '¿Cómo se calcula?': how the percentages and the two comparison modes are made, in plain words. */
export function HowCalculated() {
  const [show, setShow] = useState(false);
  return (
    <>
      <Button variant="outline-secondary" onClick={() => setShow(true)}>
        <QuestionCircle aria-hidden="true" className="me-1" />
        <FormattedMessage id="RESULTS.HELP.BUTTON" />
      </Button>
      <Modal show={show} onHide={() => setShow(false)} aria-labelledby="how-calculated-title" size="lg">
        <DialogHeader id="how-calculated-title" title="RESULTS.HELP.TITLE" as="h2" />
        <Modal.Body>
          {PARAGRAPHS.map((key) => (
            <p key={key}>
              <FormattedMessage id={`RESULTS.HELP.${key}`} />
            </p>
          ))}
        </Modal.Body>
        <DialogFooter dismissLabel="COMMON.CLOSE" dismissVariant="primary" onDismiss={() => setShow(false)} />
      </Modal>
    </>
  );
}
