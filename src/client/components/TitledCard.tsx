import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';

/** A card with a small h3 title (a message id, with its values) over a chart or a figure. */
export function TitledCard(props: {
  title: string;
  values?: Record<string, string | number>;
  className?: string;
  titleClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { title, values, className, titleClassName = 'h6', testId, children } = props;
  return (
    <Card className={className} data-testid={testId}>
      <Card.Body>
        <Card.Title as="h3" className={titleClassName}>
          <FormattedMessage id={title} values={values} />
        </Card.Title>
        {children}
      </Card.Body>
    </Card>
  );
}
