import { Modal } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/dates.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { useSecret } from '../../lib/secretBox.js';
import { resultsActions } from './resultsSlice.js';
import { DialogHeader } from '../../components/DialogHeader.js';
import { DialogFooter } from '../../components/DialogFooter.js';

/**
 * The share link the browser would neither share nor copy, to copy by hand. It carries a token, so it
 * comes from the store's `linkToCopy` box, never from the state.
 */
export function LinkToCopyDialog({ expiresAt }: { expiresAt: string | null }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.results.copyByHand);
  const url = useSecret('linkToCopy');
  const close = () => dispatch(resultsActions.linkToCopyClosed());
  return (
    <Modal show={open && url !== null} onHide={close} centered aria-labelledby="link-to-copy-title">
      <DialogHeader id="link-to-copy-title" title="RESULTS.SHARE.TITLE" />
      <Modal.Body>
        <p>
          <FormattedMessage id="RESULTS.SHARE.MANUAL" />
        </p>
        {url && (
          <ul>
            <li>
              <a href={url} className="text-break">
                {url}
              </a>
            </li>
          </ul>
        )}
        {expiresAt && (
          <p className="small text-body-secondary mb-0">
            <FormattedMessage id="RESULTS.SHARE.EXPIRES" values={{ date: formatDateTime(intl, expiresAt) }} />
          </p>
        )}
      </Modal.Body>
      <DialogFooter dismissLabel="COMMON.CLOSE" onDismiss={close} />
    </Modal>
  );
}
