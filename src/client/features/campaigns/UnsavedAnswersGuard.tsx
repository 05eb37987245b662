import { useCallback, useEffect } from 'react';
import { useStore } from 'react-redux';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { Button, Modal } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import type { RootState } from '../../app/rootReducer.js';
import { DialogHeader } from '../../components/DialogHeader.js';
import { DialogFooter } from '../../components/DialogFooter.js';
import { selectHasUnsavedAnswers } from './campaignsSelectors.js';

/**
 * Leaving the questionnaire with unsaved choices asks first: another page of the app (a dialog: stay, or leave
 * and lose them), and a reload or closing the tab (the browser's own question).
 */
export function UnsavedAnswersGuard() {
  const unsaved = useAppSelector(selectHasUnsavedAnswers);
  const store = useStore<RootState>();
  // Read when the navigation happens, not at the last render: sending the campaign clears the drafts and
  // navigates to the results in the same saga step, before React renders again.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && selectHasUnsavedAnswers(store.getState()),
    [store],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const blocked = blocker.state === 'blocked';
  const stay = () => blocker.reset?.();
  return (
    <Modal show={blocked} onHide={stay} centered aria-labelledby="leave-title">
      <DialogHeader id="leave-title" title="QUESTIONNAIRE.LEAVE.TITLE" />
      <Modal.Body>
        <p className="mb-0">
          <FormattedMessage id="QUESTIONNAIRE.LEAVE.MESSAGE" />
        </p>
      </Modal.Body>
      <DialogFooter dismissLabel="QUESTIONNAIRE.LEAVE.STAY" onDismiss={stay}>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          <FormattedMessage id="QUESTIONNAIRE.LEAVE.CONFIRM" />
        </Button>
      </DialogFooter>
    </Modal>
  );
}
