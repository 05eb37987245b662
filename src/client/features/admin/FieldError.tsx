import { FormattedMessage } from 'react-intl';

/** A form field's validation message (a message id), shown below controls that are not Form.Control. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <div id={id} className={`invalid-feedback${error ? ' d-block' : ''}`}>
      {error && <FormattedMessage id={error} />}
    </div>
  );
}
