import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';

export interface DialogFooterProps {
  /** Message id of the button that closes the dialog ('Cancelar', 'Cerrar'). */
  dismissLabel: string;
  onDismiss: () => void;
  /** Outlined when another button confirms; solid when it is the dialog's only way out. */
  dismissVariant?: 'primary' | 'outline-secondary';
  /** The confirming button, after the dismiss one. */
  children?: ReactNode;
}

/** A dialog's button row: the dismiss button, then the confirming one if there is one. */
export function DialogFooter({ dismissLabel, onDismiss, dismissVariant = 'outline-secondary', children }: DialogFooterProps) {
  return (
    <Modal.Footer>
      <Button variant={dismissVariant} onClick={onDismiss}>
        <FormattedMessage id={dismissLabel} />
      </Button>
      {children}
    </Modal.Footer>
  );
}
