import { Form } from 'react-bootstrap';
import { REVIEW_TEXT_MAX_LENGTH } from '../../../shared/constants.js';

export interface ReviewTextAreaProps {
  rows: number;
  value: string;
  onChange: (text: string) => void;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  'aria-describedby'?: string;
}

/**
 * A text of the review, written by either side: an objection, the reason of its decision, what to correct, the message
 * asking for corrections. A text box no longer than the server keeps.
 */
export function ReviewTextArea({ onChange, ...props }: ReviewTextAreaProps) {
  return <Form.Control as="textarea" maxLength={REVIEW_TEXT_MAX_LENGTH} {...props} onChange={(e) => onChange(e.target.value)} />;
}
