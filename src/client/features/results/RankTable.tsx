import { ReportTable } from '../../components/ReportTable.js';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { WideTable } from '../../components/WideTable.js';
import { DownloadButtons } from '../../components/DownloadButtons.js';
import { rankLevels } from './rankModel.js';
import { useReportText } from './reportText.js';
import { resultsActions } from './resultsSlice.js';
import { ReportSection } from '../../components/ReportSection.js';
import { selectActiveLevels, selectRankRows } from './resultsSelectors.js';

/**
 * 'Puesto entre los participantes': a row for the global score and each axis, a column per shown territory,
 * 'Puesto 4 de 12' in each cell (a dash where the mean is withheld or there is no participant), and a line on
 * ties; with its 'Descargar CSV' and 'Descargar Excel'. Nothing when no territory is shown.
 */
export function RankTable() {
  const dispatch = useAppDispatch();
  const text = useReportText();
  const rows = useAppSelector(selectRankRows);
  const levels = rankLevels(useAppSelector(selectActiveLevels));
  if (levels.length === 0 || rows.length === 0) return null;
  return (
    <ReportSection id="block-ranks" title={<FormattedMessage id="RESULTS.RANK.TITLE" />} className="report-block report-ranks mb-4" testId="rank-table">
      <WideTable>
        <ReportTable
          className="rank-table"
          caption={<FormattedMessage id="RESULTS.RANK.CAPTION" />}
          head={
            <>
              <th scope="col">
                <FormattedMessage id="RESULTS.RANK.ROW" />
              </th>
              {levels.map((l) => (
                <th scope="col" key={l.level} data-level={l.level}>
                  <span className="rank-level">
                    <span className="legend-swatch" style={{ backgroundColor: l.colour }} aria-hidden="true" />
                    <span>{text.levelName(l)}</span>
                  </span>
                </th>
              ))}
            </>
          }
        >
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className={row.axisText === null ? 'fw-semibold' : undefined}>
                <th scope="row" className={row.axisText === null ? undefined : 'fw-normal'}>
                  {text.blockTitle(row)}
                </th>
                {levels.map((l) => (
                  <td key={l.level} className="text-nowrap" data-level={l.level}>
                    {text.rank(row.ranks[l.level])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </ReportTable>
      </WideTable>
      <p className="small text-body-secondary mt-2 mb-0">
        <FormattedMessage id="RESULTS.RANK.TIES" />
      </p>
      <div className="text-end mt-2 d-print-none">
        <DownloadButtons
          label={<FormattedMessage id="RESULTS.RANK.TITLE" />}
          onCsv={() => dispatch(resultsActions.csvRequested({ table: 'ranks' }))}
          onExcel={() => dispatch(resultsActions.excelRequested({ table: 'ranks' }))}
        />
      </div>
    </ReportSection>
  );
}
