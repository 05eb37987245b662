import type { ReactNode } from 'react';
import { useField } from 'formik';
import { Form, InputGroup } from 'react-bootstrap';
import { useIntl } from 'react-intl';

export interface TextFieldProps {
  id: string;
  name: string;
  /** Message id of the visible label. */
  label: string;
  type?: string;
  autoComplete?: string;
  /** A button beside the input (e.g. show/hide password). */
  append?: ReactNode;
}

/**
 * A Formik text field: label, invalid styling once touched, and the validation message, which is a message id
 * (the shared yup schemas speak in ids). No green 'valid' mark: the form only knows the text is well formed, and
 * a field marked valid under the server's 'El usuario o la contraseña no son correctos.' or 'El email introducido ya
 * existe' contradicted the message.
 */
export function TextField({ id, name, label, type = 'text', autoComplete, append }: TextFieldProps) {
  const [field, meta] = useField<string>(name);
  const intl = useIntl();
  const errorId = `${id}-error`;
  const control = <Form.Control {...field} type={type} autoComplete={autoComplete} isInvalid={meta.touched && !!meta.error} aria-describedby={errorId} />;
  const feedback = (
    <Form.Control.Feedback type="invalid" id={errorId}>
      {meta.error && intl.formatMessage({ id: meta.error })}
    </Form.Control.Feedback>
  );
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{intl.formatMessage({ id: label })}</Form.Label>
      {append ? (
        <InputGroup hasValidation>
          {control}
          {append}
          {feedback}
        </InputGroup>
      ) : (
        <>
          {control}
          {feedback}
        </>
      )}
    </Form.Group>
  );
}
