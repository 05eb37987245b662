import type { ReactNode } from 'react';
import { Button, Spinner, type ButtonProps } from 'react-bootstrap';

/**
 * A form's submit button, with a spinner while busy. Pressing it with the mouse does not take the focus from the
 * field being typed in: that field's blur would show its message first (Formik marks it touched), which moves the
 * button down by a line between the press and the release, so the click landed beside it and the form was not sent
 * (a town-hall officer saw one message where the form had three, and had to click again). The click sends it and
 * shows every message at once. The keyboard works as before.
 */
export function SubmitButton({ busy = false, children, ...props }: { busy?: boolean; children: ReactNode } & Omit<ButtonProps, 'type' | 'onMouseDown'>) {
  return (
    <Button type="submit" disabled={busy} {...props} onMouseDown={(event) => event.preventDefault()}>
      {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </Button>
  );
}
