import { useEffect, useRef, useState } from 'react';
import { Button, Form, InputGroup, Modal } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks.js';
import { usersActions } from './usersSlice.js';
import { useGeneratedPassword } from './generatedPassword.js';
import { DialogHeader } from '../../../components/DialogHeader.js';
import { DialogFooter } from '../../../components/DialogFooter.js';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Shows a generated password once, with a copy button, and says it is temporary: the user will have to change
 * it at the first sign-in. Closing forgets it. A click on the backdrop does not
 * close it, so that the password is not lost by accident. The password comes from the store's box, never
 * from the state (generatedPassword.ts).
 */
export function PasswordDialog({ onClosed }: { onClosed?: () => void }) {
  const dispatch = useAppDispatch();
  const generated = useGeneratedPassword();
  const [copy, setCopy] = useState<CopyState>('idle');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setCopy('idle'), [generated?.email, generated?.password]);

  const close = () => {
    dispatch(usersActions.passwordDialogClosed());
    onClosed?.();
  };
  const copyPassword = async () => {
    try {
      await navigator.clipboard.writeText(generated?.password ?? '');
      setCopy('copied');
    } catch {
      // No clipboard (permissions, older browsers): select it for a manual copy.
      input.current?.select();
      setCopy('failed');
    }
  };

  return (
    <Modal show={generated !== null} onHide={close} backdrop="static" centered aria-labelledby="password-dialog-title">
      <DialogHeader id="password-dialog-title" title="USERS.PASSWORD.TITLE" />
      <Modal.Body>
        <p>
          <FormattedMessage id="USERS.PASSWORD.TEXT" values={{ email: <strong className="text-break">{generated?.email}</strong> }} />
        </p>
        <p className="alert alert-info py-2 small" data-testid="password-temporary">
          <FormattedMessage id="USERS.PASSWORD.TEMPORARY" values={{ email: <strong className="text-break">{generated?.email}</strong> }} />
        </p>
        <Form.Label htmlFor="generated-password">
          <FormattedMessage id="USERS.PASSWORD.LABEL" />
        </Form.Label>
        <InputGroup>
          <Form.Control
            id="generated-password"
            ref={input}
            readOnly
            value={generated?.password ?? ''}
            className="font-monospace"
            onFocus={(e) => e.target.select()}
          />
          <Button variant="outline-primary" onClick={() => void copyPassword()}>
            <FormattedMessage id="USERS.PASSWORD.COPY" />
          </Button>
        </InputGroup>
        <p role="status" className={`small mt-2 mb-0 ${copy === 'failed' ? 'text-danger' : 'text-success'}`}>
          {copy !== 'idle' && <FormattedMessage id={copy === 'copied' ? 'USERS.PASSWORD.COPIED' : 'USERS.PASSWORD.COPY_FAILED'} />}
        </p>
      </Modal.Body>
      <DialogFooter dismissLabel="COMMON.CLOSE" dismissVariant="primary" onDismiss={close} />
    </Modal>
  );
}
