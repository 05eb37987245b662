import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A table that may be wider than the screen: it scrolls sideways inside its own box (never the page) and its
 * first column stays in sight. When it does overflow, a shadow marks the edge that hides columns and, on a
 * phone, a line says so (styles.css, "Wide tables"). Paper shows it whole.
 */
export function WideTable({ children }: { children: ReactNode }) {
  return (
    <div className="wide-table">
      <p className="wide-table-hint" aria-hidden="true">
        <FormattedMessage id="COMMON.SCROLL_FOR_COLUMNS" />
      </p>
      <div className="wide-table-box">
        <div className="wide-table-scroll table-responsive" data-testid="wide-table-scroll">
          {children}
        </div>
      </div>
    </div>
  );
}
