import { Fragment } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ResultResponse } from '../../../shared/api/results.js';
import { verificationPath } from '../../../shared/team.js';
import { Link } from 'react-router-dom';
import { receiptPath } from '../../app/paths.js';
import { useAppSelector, useDocumentTitle } from '../../app/hooks.js';
import { formatLongDate, formatShortMadridDay } from '../../lib/dates.js';
import { usePrinting } from '../../lib/printing.js';
import { TERRITORY_OF_LEVEL } from './reportModel.js';
import { useReportText } from './reportText.js';
import { selectActiveLevels, selectIsShared, selectResultMeans, selectWithheldNote } from './resultsSelectors.js';
import type { ReportMeans } from './HowCalculated.js';
import type { WithheldNote } from './withheld.js';

export type ReportKind = 'results' | 'comparisons';

/** The report's kind as the menu names it: 'Resultados', 'Comparativas'. */
const KIND_TITLE: Readonly<Record<ReportKind, string>> = { results: 'HEADER.RESULTS', comparisons: 'MENU.COMPARISONS' };

/**
 * While the report is on screen, the tab's title names it, 'Resultados - Mancomunitat de la Ribera Alta -
 * Campaña 2026': the name the browser suggests for its PDF.
 */
export function useReportTitle(kind: ReportKind, entity: string, campaign: string): void {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'REPORT.DOCUMENT_TITLE' }, { kind: intl.formatMessage({ id: KIND_TITLE[kind] }), entity, campaign }));
}

/** What the heading says of a report's campaign (a result's, a comparison's current one): whose, its review and its receipt. */
type ReportCampaign = Pick<ResultResponse, 'territoryTexts' | 'reviewStatus' | 'validatedAt' | 'finalPublishedAt' | 'receipt'>;

export interface ReportHeadingProps {
  kind: ReportKind;
  /** 'Campaña 2026', or what a comparison compares. */
  campaign: string;
  /** The territories shown, in words. */
  territories: string[];
  /** The date, the mode and the territories on screen too (a shared page); otherwise laid out only while printing. */
  detailsOnScreen: boolean;
  /** Which means are withheld for small groups, said with why on screen and on paper; none when none is. */
  withheld: WithheldNote | null;
  /**
   * The report's campaign: where its review stands (provisional until validated, then final once its edition's results
   * are), and the code and SHA-256 of its signed submission (none before one: a campaign sent before receipts), on screen
   * and on paper.
   */
  report: ReportCampaign;
  /** Which campaigns the means are made from, and how many (a result), on a line under the review, on screen and on paper; null while the figures load (the line's room kept); none for a comparison. */
  means?: ReportMeans | null;
  /** Where the signed-in reader finds the whole receipt to print ('Ver justificante'); none on a shared page. */
  receiptPage?: string;
}

/** Where the review stands, in words: final results (since when), validated (when), or provisional. */
function ReviewState({ review: { reviewStatus, validatedAt, finalPublishedAt } }: { review: ReportCampaign }) {
  const intl = useIntl();
  if (finalPublishedAt !== null)
    return (
      <>
        <FormattedMessage id="REPORT.HEADING.FINAL" />{' '}
        {/* Lighter and smaller: the whole line stays on one line on a 390 px phone, as the provisional one does (the heading's room is kept). */}
        <span className="fw-normal small text-nowrap text-body-secondary">
          <FormattedMessage id="REPORT.HEADING.FINAL_ON" values={{ date: formatShortMadridDay(intl, finalPublishedAt) }} />
        </span>
      </>
    );
  if (reviewStatus === 'validated' && validatedAt !== null)
    return <FormattedMessage id="REPORT.HEADING.VALIDATED" values={{ date: formatShortMadridDay(intl, validatedAt) }} />;
  return <FormattedMessage id="REPORT.HEADING.PROVISIONAL" />;
}

/**
 * 'Provisional: pendiente de validación' until a reviewer validates the campaign, then 'Validada el 12/03/2026',
 * and once the edition's results are final, 'Resultados definitivos · publicados el 30/06/2026'; then, for a
 * result, on a line of its own, which campaigns the means are made from: 'Medias de 120 campañas validadas'. That
 * line's room is kept while the report's figures load (`means` null), so that nothing below moves when it arrives.
 */
function ReviewLine({ review, means }: { review: ReportCampaign; means?: ReportMeans | null }) {
  const settled = review.finalPublishedAt !== null || (review.reviewStatus === 'validated' && review.validatedAt !== null);
  return (
    <p className="report-review small mt-1 mb-0">
      <span className={`fw-semibold ${settled ? 'text-success' : 'text-warning-emphasis'}`} data-testid="report-review">
        <ReviewState review={review} />
      </span>
      {means !== undefined && (
        <span className="report-means d-block text-body-secondary" data-testid="report-means" aria-hidden={means === null ? true : undefined}>
          {means ? <FormattedMessage id={`REPORT.HEADING.MEANS.${means.meansFrom}`} values={{ count: means.count }} /> : '\u00a0'}
        </span>
      )}
    </p>
  );
}

/**
 * 'Justificante de envío: 3f9c…' (its code links to its public verification page) and the SHA-256 of the answers as
 * sent, which anyone holding them can recompute: the report is the one of that submission.
 */
function ReceiptLine({ receipt, receiptPage }: { receipt: NonNullable<ResultResponse['receipt']>; receiptPage?: string }) {
  return (
    <p className="report-receipt small text-body-secondary mt-1 mb-0" data-testid="report-receipt">
      <FormattedMessage id="REPORT.HEADING.RECEIPT" />{' '}
      <a href={verificationPath(receipt.code)} className="font-monospace">
        {receipt.code}
      </a>
      {receiptPage && (
        <>
          {' · '}
          <Link to={receiptPage} className="d-print-none">
            <FormattedMessage id="REPORT.HEADING.RECEIPT_PAGE" />
          </Link>
        </>
      )}
      <span className="d-block font-monospace text-break">SHA-256: {receipt.sha256}</span>
    </p>
  );
}

/** The date, the comparison mode in words and the territories shown. */
function HeadingDetails({ compareWithParticipants, territories }: { compareWithParticipants: boolean; territories: string[] }) {
  const intl = useIntl();
  return (
    <dl className="report-heading-details">
      <dt>
        <FormattedMessage id="REPORT.HEADING.DATE" />
      </dt>
      <dd data-testid="report-date">{formatLongDate(intl, new Date())}</dd>
      <dt>
        <FormattedMessage id="REPORT.HEADING.MODE" />
      </dt>
      <dd data-testid="report-mode">
        <FormattedMessage id={`REPORT.HEADING.MODE.${compareWithParticipants ? 'participants' : 'all'}`} />
      </dd>
      <dt>
        <FormattedMessage id="REPORT.HEADING.TERRITORIES" />
      </dt>
      <dd data-testid="report-territories">
        {territories.length > 0
          ? territories.map((territory, i) => (
              // A line breaks between territories, never inside one ('(n = 5)') unless it is wider than the line (a size band in words).
              <Fragment key={territory}>
                {i > 0 && ' · '}
                <span className="report-territory">{territory}</span>
              </Fragment>
            ))
          : intl.formatMessage({ id: 'REPORT.HEADING.NO_TERRITORY' })}
      </dd>
    </dl>
  );
}

/**
 * Who and what a report is about: the entity, its province and community, the campaign, (on paper, and on
 * a shared page's screen) the date, the comparison mode in words and the territories shown, and why any mean
 * shown as a dash is withheld.
 */
export function ReportHeading(props: ReportHeadingProps) {
  const { kind, campaign, territories, detailsOnScreen, withheld, report, means, receiptPage } = props;
  const texts = report.territoryTexts;
  const text = useReportText();
  const compareWithParticipants = useAppSelector((state) => state.reportFilters.compareWithParticipants);
  // Laid out when printing starts, dated the day it is printed.
  const printing = usePrinting();
  return (
    <header className="report-heading" data-testid="report-heading">
      <p className="report-heading-kind d-none d-print-block">
        <FormattedMessage id={KIND_TITLE[kind]} />
      </p>
      <h2 className="h4 mb-0" data-testid="report-entity">
        {texts.campaign}
      </h2>
      <p className="text-body-secondary mb-0">
        {texts.province} · {texts.autonomousCommunity} ·{' '}
        <span className="fw-semibold text-body" data-testid="report-campaign">
          {campaign}
        </span>
      </p>
      <ReviewLine review={report} means={means} />
      {report.receipt && <ReceiptLine receipt={report.receipt} receiptPage={receiptPage} />}
      {(detailsOnScreen || printing) && <HeadingDetails compareWithParticipants={compareWithParticipants} territories={territories} />}
      {withheld && (
        <p className="report-withheld alert alert-info small py-2 px-3 mt-2 mb-0" data-testid="withheld-note">
          {text.withheldNote(withheld, compareWithParticipants)}
        </p>
      )}
    </header>
  );
}

/** A territory as the heading lists it, 'Provincia: Valencia (n = 2)'; the entity by its level's word alone. */
export function useTerritoryWords(): (level: string, name: string | null) => string {
  const intl = useIntl();
  return (level, name) => (name === null ? level : intl.formatMessage({ id: 'REPORT.HEADING.TERRITORY' }, { level, name }));
}

/** The results page's heading, with the tab's title, for the result on screen. */
export function ResultsHeading({ result, campaignId }: { result: ResultResponse; campaignId: number }) {
  const intl = useIntl();
  const text = useReportText();
  const levels = useAppSelector(selectActiveLevels);
  const shared = useAppSelector(selectIsShared);
  const withheld = useAppSelector(selectWithheldNote);
  const means = useAppSelector(selectResultMeans);
  const territoryWords = useTerritoryWords();
  const campaign = text.campaign(result.edition.year);
  useReportTitle('results', result.territoryTexts.campaign, campaign);
  const territories = levels.map((l) =>
    territoryWords(intl.formatMessage({ id: `RESULTS.LEVEL.${TERRITORY_OF_LEVEL[l.level]}` }), l.level === 'campaign' ? null : text.levelLabel(l)),
  );
  return (
    <ReportHeading
      kind="results"
      campaign={campaign}
      territories={territories}
      detailsOnScreen={shared}
      withheld={withheld}
      report={result}
      means={means}
      receiptPage={shared ? undefined : receiptPath(campaignId)}
    />
  );
}
