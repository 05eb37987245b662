import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/**
 * An axis of a questionnaire as every page shows it (the questionnaire, the review, an edition's preview): a section
 * named by the axis, under its heading (an h3, or an h4 where the page's own headings go deeper).
 */
export function AxisFrame({
  axisText,
  heading: Heading,
  className,
  children,
}: {
  axisText: string;
  heading: 'h3' | 'h4';
  className: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-label={axisText}>
      <Heading className="h5 text-primary-emphasis border-bottom pb-1">{axisText}</Heading>
      {children}
    </section>
  );
}

/** An indicator's card: its text, then its questions one under the other (children). */
export function IndicatorFrame({ text, children }: { text: string; children: ReactNode }) {
  return (
    <Card className="mb-3">
      <Card.Body>
        <Card.Title as="p" className="fw-semibold mb-3">
          {text}
        </Card.Title>
        <div className="d-grid gap-3">{children}</div>
      </Card.Body>
    </Card>
  );
}
