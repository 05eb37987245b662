import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { ChevronDown, ChevronRight } from './icons.js';

export interface CollapsibleHeadingProps {
  /** The heading is `${id}-title`; the body it opens and closes, `${id}-body`. */
  id: string;
  open: boolean;
  onToggle: () => void;
  /** The body is always expanded on paper: the open chevron prints too (otherwise no chevron prints). */
  printsOpen?: boolean;
  children: ReactNode;
}

/** A collapsible section's h2: its title is the button that opens and closes the body, a chevron before it. */
export function CollapsibleHeading({ id, open, onToggle, printsOpen = false, children }: CollapsibleHeadingProps) {
  return (
    <h2 id={`${id}-title`} className="h5 mb-0">
      <Button variant="link" className="p-0 text-decoration-none text-reset fw-semibold" aria-expanded={open} aria-controls={`${id}-body`} onClick={onToggle}>
        {open ? (
          <ChevronDown aria-hidden="true" className={printsOpen ? 'me-2' : 'me-2 d-print-none'} />
        ) : (
          <ChevronRight aria-hidden="true" className="me-2 d-print-none" />
        )}
        {children}
      </Button>
    </h2>
  );
}
