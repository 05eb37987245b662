import { useState, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { ChevronDown, ChevronRight } from './icons.js';

/**
 * Controls folded under a button on a phone (below Bootstrap's md), so that a page's figures come first. From
 * md up the button is gone and the controls are laid out as children of the surrounding flex row (styles.css,
 * "Folding on a phone").
 */
export function FoldOnPhone({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline-secondary" className="fold-toggle d-md-none" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? <ChevronDown aria-hidden="true" className="me-1" /> : <ChevronRight aria-hidden="true" className="me-1" />}
        <FormattedMessage id={label} />
      </Button>
      <div id={id} className={`fold-body${open ? '' : ' folded'}`}>
        {children}
      </div>
    </>
  );
}
