import { FormattedMessage } from 'react-intl';

/** Why a page or a report shows nothing: nothing chosen yet, or nothing matches (a message id). */
export function EmptyState({ message }: { message: string }) {
  return (
    <p className="text-body-secondary py-4 text-center" data-testid="empty-state">
      <FormattedMessage id={message} />
    </p>
  );
}

/** A load that failed, in place of what it would have shown (a message id). */
export function FailedState({ message }: { message: string }) {
  return (
    <p className="text-danger py-4 text-center" role="alert">
      <FormattedMessage id={message} />
    </p>
  );
}
