import { useEffect, useState } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { entitiesActions } from './entitiesSlice.js';
import { DialogHeader } from '../../../components/DialogHeader.js';
import { DialogFooter } from '../../../components/DialogFooter.js';

/**
 * Removing an entity with sent campaigns: 'Archivar' keeps it with its history (its campaigns still count in
 * every mean and report) and hides it from the lists; 'Eliminar definitivamente' deletes it and its campaigns,
 * and is enabled only once the entity's exact name has been typed. An archived entity is offered only the latter.
 */
export function RemoveEntityDialog() {
  const dispatch = useAppDispatch();
  const removal = useAppSelector((state) => state.entities.removal);
  const [typed, setTyped] = useState('');
  useEffect(() => setTyped(''), [removal?.id]);
  const close = () => {
    if (!removal?.busy) dispatch(entitiesActions.removalDialogClosed());
  };
  const matches = removal !== null && typed === removal.name;
  const busy = removal?.busy ?? false;

  return (
    <Modal show={removal !== null} onHide={close} centered aria-labelledby="remove-entity-title">
      <DialogHeader id="remove-entity-title" title="ENTITIES.REMOVE.TITLE" />
      <Modal.Body>
        <p>
          <FormattedMessage id="ENTITIES.REMOVE.SENT" values={{ entity: <strong className="text-break">{removal?.name}</strong>, count: removal?.sent ?? 0 }} />
        </p>
        {removal && !removal.archived && (
          <div className="mb-4">
            <p className="mb-2">
              <FormattedMessage id="ENTITIES.REMOVE.ARCHIVE_TEXT" />
            </p>
            <Button variant="primary" disabled={busy} onClick={() => dispatch(entitiesActions.archiveRequested(removal.id))}>
              <FormattedMessage id="ENTITIES.REMOVE.ARCHIVE" />
            </Button>
          </div>
        )}
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            if (removal && matches && !busy) dispatch(entitiesActions.removeForGoodRequested({ id: removal.id, confirmName: typed }));
          }}
        >
          <Form.Group controlId="remove-entity-name" className="mb-2">
            <Form.Label>
              <FormattedMessage id="ENTITIES.REMOVE.TYPE_NAME" values={{ entity: <strong className="text-break">{removal?.name}</strong> }} />
            </Form.Label>
            <Form.Control value={typed} autoComplete="off" spellCheck={false} onChange={(e) => setTyped(e.target.value)} />
          </Form.Group>
          <Button type="submit" variant="danger" disabled={!matches || busy}>
            {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            <FormattedMessage id="ENTITIES.REMOVE.FOR_GOOD" />
          </Button>
        </Form>
      </Modal.Body>
      <DialogFooter dismissLabel="COMMON.CANCEL" onDismiss={close} />
    </Modal>
  );
}
