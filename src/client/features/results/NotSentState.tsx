import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { PATHS } from '../../app/paths.js';
import { selectCanOpenQuestionnaire } from './resultsSelectors.js';

/**
 * A report of a campaign not sent yet: no figures exist and retrying cannot change it. Those who may open
 * the questionnaire (its route's permissions) get a link to it.
 */
export function NotSentState({ campaignId }: { campaignId: number }) {
  const canOpen = useAppSelector(selectCanOpenQuestionnaire);
  return (
    <div className="py-4 text-center" data-testid="not-sent">
      <p className="mb-2">
        <FormattedMessage id="RESULTS.NOT_SENT" />
      </p>
      {canOpen && (
        <Link to={`${PATHS.myCampaigns}/${campaignId}`} className="btn btn-outline-primary btn-sm">
          <FormattedMessage id="RESULTS.NOT_SENT_LINK" />
        </Link>
      )}
    </div>
  );
}
