import type { CSSProperties } from 'react';
import { Form } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';

export interface SearchBoxProps {
  /** The input's id, which its label points to. */
  id: string;
  /** Message id of the small label above the box. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  style?: CSSProperties;
}

/** A labelled search box above a list or a questionnaire; every keystroke reports the new text. */
export function SearchBox({ id, label, value, onChange, className, style = { maxWidth: '22rem' } }: SearchBoxProps) {
  return (
    <Form.Group controlId={id} className={className} style={style}>
      <Form.Label className="small mb-1">
        <FormattedMessage id={label} />
      </Form.Label>
      <Form.Control type="search" value={value} onChange={(e) => onChange(e.target.value)} />
    </Form.Group>
  );
}
