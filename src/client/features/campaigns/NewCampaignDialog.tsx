import { useEffect, useState } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { campaignsActions } from './campaignsSlice.js';
import { selectNewCampaignChoice } from './campaignsSelectors.js';
import { FilterDropdown } from '../../components/FilterDropdown.js';
import { DialogHeader } from '../../components/DialogHeader.js';
import { DialogFooter } from '../../components/DialogFooter.js';

/**
 * 'Nueva Campaña': choose an entity (searched by edit distance) among those without a campaign in the current
 * edition, with a note of how many are left out; confirm stays disabled until one is chosen.
 */
export function NewCampaignDialog({ show, onHide }: { show: boolean; onHide: () => void }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const choice = useAppSelector(selectNewCampaignChoice);
  const creating = useAppSelector((state) => state.campaigns.create.status === 'loading');
  const [entityId, setEntityId] = useState<number | null>(null);
  useEffect(() => {
    if (show) {
      setEntityId(null);
      dispatch(campaignsActions.entityOptionsRequested());
    }
  }, [show, dispatch]);
  const create = () => {
    if (entityId === null) return;
    dispatch(campaignsActions.createRequested(entityId));
    onHide();
  };
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="new-campaign-title">
      <DialogHeader id="new-campaign-title" title="CAMPAIGNS.NEW.TITLE" />
      <Modal.Body>
        {choice.loading ? (
          <Spinner animation="border" size="sm" role="status" />
        ) : (
          <>
            <FilterDropdown
              id="new-campaign-entity"
              label={intl.formatMessage({ id: 'CAMPAIGNS.NEW.ENTITY' })}
              options={choice.options}
              searchable
              searchMode="editDistance"
              placeholder={intl.formatMessage({ id: 'CAMPAIGNS.NEW.PLACEHOLDER' })}
              value={entityId ?? undefined}
              onChange={(value) => setEntityId(Number(value))}
            />
            {choice.excluded > 0 && choice.edition !== null && (
              <p className="small text-body-secondary mt-2 mb-0" data-testid="new-campaign-excluded">
                <FormattedMessage id="CAMPAIGNS.NEW.EXCLUDED" values={{ edition: String(choice.edition), count: choice.excluded }} />
              </p>
            )}
          </>
        )}
        {entityId === null && (
          <p className="text-warning-emphasis small mt-2 mb-0" role="status">
            <FormattedMessage id="CAMPAIGNS.NEW.WARNING" />
          </p>
        )}
      </Modal.Body>
      <DialogFooter dismissLabel="COMMON.CANCEL" onDismiss={onHide}>
        <Button onClick={create} disabled={entityId === null || creating}>
          <FormattedMessage id="CAMPAIGNS.NEW.CONFIRM" />
        </Button>
      </DialogFooter>
    </Modal>
  );
}
