import type { CSSProperties, ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';

export interface LabelledGroupProps {
  /** The control's id: the label names it (react-bootstrap's controlId). */
  controlId: string;
  /** Message id of the visible label. */
  label: string;
  labelClassName?: string;
  className?: string;
  style?: CSSProperties;
  /** The control, then what goes under it (its feedback, its help). */
  children: ReactNode;
}

/** A form group: its visible label (a message id) over the control it names, then the control. */
export function LabelledGroup({ controlId, label, labelClassName, className, style, children }: LabelledGroupProps) {
  return (
    <Form.Group controlId={controlId} className={className} style={style}>
      <Form.Label className={labelClassName}>
        <FormattedMessage id={label} />
      </Form.Label>
      {children}
    </Form.Group>
  );
}
