import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The frame of a report opened from a shared link: no menu, no account, read-only. */
export function SharedFrame({ children }: { children: ReactNode }) {
  return (
    <div className="shared-report">
      <header className="app-header navbar bg-white border-bottom px-3 d-print-none">
        <span className="app-brand">
          <FormattedMessage id="APP.TITLE" />
        </span>
        <h1 className="h5 mb-0 me-auto">
          <FormattedMessage id="HEADER.RESULTS" />
        </h1>
      </header>
      <main id="main-content" className="app-main p-3 p-md-4" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
