import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

export interface ReportSectionProps {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  title: ReactNode;
  /** What the header holds under the title (an introduction). */
  intro?: ReactNode;
  className: string;
  testId?: string;
  children: ReactNode;
}

/** A titled block of a report (figures, ranks, maps, trend): a card section headed by an h2, its body below. */
export function ReportSection({ id, title, intro, className, testId, children }: ReportSectionProps) {
  return (
    <Card as="section" className={className} aria-labelledby={id} data-testid={testId}>
      <Card.Header className="bg-white">
        <h2 id={id} className="h5 mb-0">
          {title}
        </h2>
        {intro}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}
