import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { Action } from '@reduxjs/toolkit';
import { FormattedMessage } from 'react-intl';
import { useSharedLinkOpened } from './sharedLink.js';
import { LegalLinks } from '../layout/LegalLinks.js';

/**
 * The frame of a report opened from a shared link: no menu, no account, read-only. It opens the link of
 * the page's address (its token) with the page's `linkOpened` event, under the page's `title` (a message id).
 */
export function SharedFrame({ linkOpened, title = 'HEADER.RESULTS', children }: { linkOpened: () => Action; title?: string; children: ReactNode }) {
  const { token = '' } = useParams();
  useSharedLinkOpened(token, linkOpened);
  return (
    <div className="shared-report">
      <header className="app-header navbar bg-white border-bottom px-3 d-print-none">
        <span className="app-brand">
          <FormattedMessage id="APP.TITLE" />
        </span>
        <h1 className="h5 mb-0 me-auto">
          <FormattedMessage id={title} />
        </h1>
      </header>
      <main id="main-content" className="app-main p-3 p-md-4" tabIndex={-1}>
        {/* Above the report, not below it: at its foot the links would move as the report arrives. */}
        <LegalLinks className="justify-content-end mb-2" />
        {children}
      </main>
    </div>
  );
}
