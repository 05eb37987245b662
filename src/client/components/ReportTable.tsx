import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';

export interface ReportTableProps {
  /** What the table is, for screen readers (the page's heading names it for sighted readers). */
  caption: ReactNode;
  /** The cells of the one header row. */
  head: ReactNode;
  /** The table's own classes, beside the compact report look. */
  className: string;
  testId?: string;
  /** Scrolls sideways inside its box when wider than it (Bootstrap's responsive table). */
  responsive?: boolean;
  /** The body or bodies. */
  children: ReactNode;
}

/** A report's table (figures, ranks, differences, trend): compact, its caption for screen readers only, one header row. */
export function ReportTable({ caption, head, className, testId, responsive, children }: ReportTableProps) {
  return (
    <Table size="sm" responsive={responsive} className={`${className} mb-0 align-middle`} data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>{head}</tr>
      </thead>
      {children}
    </Table>
  );
}
