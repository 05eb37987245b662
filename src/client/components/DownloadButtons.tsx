import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { Download, FileEarmarkSpreadsheet } from './icons.js';

/**
 * 'Descargar CSV' and 'Descargar Excel' of one table, as link buttons; label (the table's title) is read after
 * each for screen readers when the page holds several tables. The caller places them (and hides them in print).
 */
export function DownloadButtons({ label, onCsv, onExcel }: { label?: ReactNode; onCsv: () => void; onExcel: () => void }) {
  const spoken = label === undefined ? null : <span className="visually-hidden">: {label}</span>;
  return (
    <>
      <Button size="sm" variant="link" onClick={onCsv}>
        <Download aria-hidden="true" className="me-1" />
        <FormattedMessage id="RESULTS.CSV" />
        {spoken}
      </Button>
      <Button size="sm" variant="link" onClick={onExcel}>
        <FileEarmarkSpreadsheet aria-hidden="true" className="me-1" />
        <FormattedMessage id="RESULTS.EXCEL" />
        {spoken}
      </Button>
    </>
  );
}
