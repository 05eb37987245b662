import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Loading } from './Loading.js';
import { EmptyState } from './StatusMessage.js';
import type { RequestStatus } from '../lib/remote.js';

/** Loading indicator, failure line or empty state around a remote list; the children otherwise. */
export function RemoteState({ status, empty, emptyMessage, children }: { status: RequestStatus; empty: boolean; emptyMessage: string; children: ReactNode }) {
  if (status === 'idle' || (status === 'loading' && empty)) return <Loading />;
  if (status === 'failed' && empty) {
    return (
      <p className="text-danger" role="alert">
        <FormattedMessage id="COMMON.LOAD_FAILED" />
      </p>
    );
  }
  if (empty) return <EmptyState message={emptyMessage} />;
  return <>{children}</>;
}
