import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import type { CampaignStatus } from '../../../shared/api/campaigns.js';

/** The action of a campaign row: answer (created, draft) or see results (sent); disabled when not allowed. */
export function CampaignLink({ id, status, enabled = true }: { id: number; status: CampaignStatus; enabled?: boolean }) {
  const label = <FormattedMessage id={`CAMPAIGNS.ACTION.${status}`} />;
  const to = status === 'sent' ? `/results/${id}` : `/my-campaigns/${id}`;
  if (status !== 'sent' && !enabled) {
    return (
      <span className="text-body-secondary campaign-link-disabled" aria-disabled="true">
        {label}
      </span>
    );
  }
  return (
    <Link to={to} className={`btn btn-sm ${status === 'sent' ? 'btn-outline-success' : 'btn-outline-primary'}`}>
      {label}
    </Link>
  );
}

const BADGE: Record<CampaignStatus, string> = { created: 'text-bg-danger', draft: 'text-bg-warning', sent: 'text-bg-success' };

/** The status label: 'Sin Comenzar', 'Ongoing' or 'Completa'. */
export function StatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span className={`badge ${BADGE[status]}`}>
      <FormattedMessage id={`CAMPAIGNS.STATUS.${status}`} />
    </span>
  );
}
