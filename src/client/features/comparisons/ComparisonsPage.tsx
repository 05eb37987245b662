import { useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector, useDispatchOnMount, useNotFoundWhen } from '../../app/hooks.js';
import { resultsActions } from '../results/resultsSlice.js';
import { EntitySelector } from '../results/EntitySelector.js';
import { FoldOnPhone } from '../../components/FoldOnPhone.js';
import { campaignIdParam, isMalformedIdParam } from '../../app/paths.js';
import { comparisonsActions } from './comparisonsSlice.js';
import { selectComparisonEntityId, selectEntityWithoutCampaigns } from './comparisonsSelectors.js';
import { ComparisonBody, ComparisonOptions } from './ComparisonBody.js';

/** /comparisons/{campaignId}: the campaign against the entity's previous one, for the entity, province and community. */
export default function ComparisonsPage() {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const { campaignId } = useParams();
  const id = campaignIdParam(campaignId);
  useNotFoundWhen(isMalformedIdParam(campaignId));
  const entityId = useAppSelector(selectComparisonEntityId);
  const entityWithoutCampaigns = useAppSelector(selectEntityWithoutCampaigns);
  useDispatchOnMount(resultsActions.optionsRequested);
  useDispatchOnMount(comparisonsActions.campaignOpened, id);
  return (
    <section aria-label={intl.formatMessage({ id: 'MENU.COMPARISONS' })}>
      <div className="report-controls card card-body mb-3 d-print-none">
        <div className="d-flex flex-wrap gap-3 align-items-end justify-content-between">
          <EntitySelector id="comparison-entity" value={entityId} onChange={(entity) => dispatch(comparisonsActions.entityChosen(entity))} />
          {/* On a phone, folded: the first radar comes within the first screen. */}
          <FoldOnPhone id="comparison-options" label="RESULTS.CONTROLS.REPORT_OPTIONS">
            <div className="w-100">
              <ComparisonOptions />
            </div>
          </FoldOnPhone>
        </div>
      </div>
      {entityWithoutCampaigns ? (
        <p className="text-body-secondary py-4 text-center">
          <FormattedMessage id="COMPARISONS.NO_SENT_CAMPAIGN" />
        </p>
      ) : (
        <ComparisonBody />
      )}
    </section>
  );
}
