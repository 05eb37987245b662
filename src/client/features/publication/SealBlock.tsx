import { useEffect } from 'react';
import { Form } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { formatPercent } from '../../lib/numbers.js';
import { publicationActions } from './publicationSlice.js';
import { selectSealView } from './publicationSelectors.js';
import { LabelledGroup } from '../../components/LabelledGroup.js';

/**
 * The HTML an entity pastes on its website: the badge, linking to the page that verifies it (both absolute from the
 * server's PUBLIC_URL, as the server answers them).
 */
export const sealSnippet = (page: string, badge: string, alt: string) => {
  const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<a href="${page}"><img src="${badge}" alt="${attribute(alt)}" width="260" height="96"></a>`;
};

/**
 * Below a campaign's results: the seal it holds ('Sello 2026', its badge to download and the HTML for the entity's
 * website), or how many percentage points it lacks to reach its population band's threshold. Nothing when its
 * edition has no threshold for it.
 */
export function SealBlock({ campaignId }: { campaignId: number | null }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const view = useAppSelector(selectSealView);
  // Asked again when the store forgets it (a session change resets the slice, as the page opens signed in).
  const requestedFor = useAppSelector((state) => state.publication.sealCampaignId);
  useEffect(() => {
    if (campaignId !== null && requestedFor !== campaignId) dispatch(publicationActions.sealRequested(campaignId));
  }, [dispatch, campaignId, requestedFor]);
  if (view.kind === 'none') return null;
  const title = intl.formatMessage({ id: 'SEAL.TITLE' }, { year: view.year });
  if (view.kind !== 'granted') {
    const min = formatPercent(intl, view.minPercentage);
    return (
      <section className="border rounded p-3 mb-3 d-print-none" aria-label={title} data-testid="seal-block">
        <h2 className="h6 mb-1">{title}</h2>
        <p className="mb-0">
          {view.kind === 'lacking' ? (
            <FormattedMessage id="SEAL.LACKING" values={{ year: view.year, min, points: view.points }} />
          ) : (
            <FormattedMessage id="SEAL.REACHING" values={{ year: view.year, min }} />
          )}
        </p>
      </section>
    );
  }
  const { pageUrl: page, badgeUrl: badge } = view;
  const snippetId = 'seal-snippet';
  return (
    <section className="border rounded p-3 mb-3" aria-label={title} data-testid="seal-block">
      <h2 className="h5">{title}</h2>
      <div className="d-flex flex-wrap gap-3 align-items-start">
        <img src={badge} alt={title} width={260} height={96} />
        <div className="flex-grow-1" style={{ minWidth: '16rem' }}>
          <p>
            <FormattedMessage id="SEAL.GRANTED" values={{ year: view.year }} />
          </p>
          <div className="d-flex flex-wrap gap-2 mb-2 d-print-none">
            <a className="btn btn-outline-primary btn-sm" href={badge} download={`sello-${view.year}.svg`}>
              <FormattedMessage id="SEAL.DOWNLOAD" />
            </a>
            <a className="btn btn-link btn-sm" href={page} target="_blank" rel="noopener">
              <FormattedMessage id="SEAL.VERIFY" />
            </a>
          </div>
          <LabelledGroup controlId={snippetId} label="SEAL.SNIPPET" labelClassName="small fw-semibold mb-1" className="d-print-none">
            <Form.Control
              as="textarea"
              rows={3}
              readOnly
              className="font-monospace small"
              value={sealSnippet(page, badge, title)}
              onFocus={(e) => e.currentTarget.select()}
            />
          </LabelledGroup>
        </div>
      </div>
    </section>
  );
}
