import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { QuestionCircle } from '../../components/icons.js';
import { DialogHeader } from '../../components/DialogHeader.js';
import { DialogFooter } from '../../components/DialogFooter.js';
import { usePrinting } from '../../lib/printing.js';
import type { SizeBand } from '../../../shared/api/results.js';
import type { MeansFrom } from '../../../shared/constants.js';
import { useReportText } from './reportText.js';

/** Which campaigns a report's means are made from (scoring.md, "Means from validated campaigns"), and how many there are. */
export interface ReportMeans {
  meansFrom: MeansFrom;
  count: number;
}

/**
 * What the help says of the report on screen: the entity's size band, the smallest group whose mean is shown and,
 * for a result, which campaigns its means are made from.
 */
export interface ReportAbout {
  sizeBand: SizeBand;
  minGroupSize: number;
  means?: ReportMeans | null;
}

const BEFORE = ['POINTS', 'PERCENTAGE', 'PARTICIPANTS', 'ALL', 'NO_DATA'] as const;
const AFTER = ['RANK', 'ICONS', 'PLAN', 'TREND'] as const;

/**
 * The paragraphs, in order: how points and percentages are made, the two modes, the dash, the size band (naming
 * the entity's own once a report is in), the protection of small groups (only when a minimum is set: a mean of
 * fewer participants is withheld), which campaigns the means are made from (a result), the ranks, the icons, the
 * plan and the trend.
 */
function Paragraphs({ about }: { about: ReportAbout | null }) {
  const text = useReportText();
  return (
    <>
      {BEFORE.map((key) => (
        <p key={key}>
          <FormattedMessage id={`RESULTS.HELP.${key}`} />
        </p>
      ))}
      <p>
        <FormattedMessage id="RESULTS.HELP.SIZE_BAND" />
        {about && (
          <>
            {' '}
            <FormattedMessage id="RESULTS.HELP.SIZE_BAND_OWN" values={{ band: text.levelName({ label: '', band: about.sizeBand }) }} />
          </>
        )}
      </p>
      {about && about.minGroupSize > 1 && (
        <p>
          <FormattedMessage id="RESULTS.HELP.PROTECTION" values={{ min: about.minGroupSize }} />
        </p>
      )}
      {about?.means && (
        <p data-testid="help-means">
          <FormattedMessage id={`RESULTS.HELP.MEANS.${about.means.meansFrom}`} values={{ count: about.means.count }} />
        </p>
      )}
      {AFTER.map((key) => (
        <p key={key}>
          <FormattedMessage id={`RESULTS.HELP.${key}`} />
        </p>
      ))}
    </>
  );
}

/** The same words at the end of a printed report, laid out only while printing (on screen, the button opens them). */
export function HowCalculatedPrint({ about }: { about: ReportAbout | null }) {
  const printing = usePrinting();
  if (!printing) return null;
  return (
    <section className="how-calculated-print d-none d-print-block" aria-labelledby="how-calculated-print-title" data-testid="how-calculated-print">
      <h2 id="how-calculated-print-title" className="h5">
        <FormattedMessage id="RESULTS.HELP.TITLE" />
      </h2>
      <Paragraphs about={about} />
    </section>
  );
}

/** '¿Cómo se calcula?': how the percentages and the two comparison modes are made, in plain words. */
export function HowCalculated({ about }: { about: ReportAbout | null }) {
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
          <Paragraphs about={about} />
        </Modal.Body>
        <DialogFooter dismissLabel="COMMON.CLOSE" dismissVariant="primary" onDismiss={() => setShow(false)} />
      </Modal>
    </>
  );
}
