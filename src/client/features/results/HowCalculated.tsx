import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { QuestionCircle } from '../../components/icons.js';

const PARAGRAPHS = ['POINTS', 'PERCENTAGE', 'PARTICIPANTS', 'ALL', 'NO_DATA', 'ICONS'] as const;

/** '¿Cómo se calcula?': how the percentages and the two comparison modes are made, in plain words. */
export function HowCalculated() {
  const intl = useIntl();
  const [show, setShow] = useState(false);
  return (
    <>
      <Button variant="outline-secondary" onClick={() => setShow(true)}>
        <QuestionCircle aria-hidden="true" className="me-1" />
        <FormattedMessage id="RESULTS.HELP.BUTTON" />
      </Button>
      <Modal show={show} onHide={() => setShow(false)} aria-labelledby="how-calculated-title" size="lg">
        <Modal.Header closeButton closeLabel={intl.formatMessage({ id: 'COMMON.CLOSE' })}>
          <Modal.Title id="how-calculated-title" as="h2" className="h5">
            <FormattedMessage id="RESULTS.HELP.TITLE" />
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {PARAGRAPHS.map((key) => (
            <p key={key}>
              <FormattedMessage id={`RESULTS.HELP.${key}`} />
            </p>
          ))}
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={() => setShow(false)}>
            <FormattedMessage id="COMMON.CLOSE" />
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
