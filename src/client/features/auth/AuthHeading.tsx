import { FormattedMessage } from 'react-intl';

/** The heading of a sign-in page and the line under it (message ids). */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <h1 className="h3 mb-1">
        <FormattedMessage id={title} />
      </h1>
      {subtitle ? (
        <p className="text-body-secondary mb-4">
          <FormattedMessage id={subtitle} />
        </p>
      ) : (
        <div className="mb-4" />
      )}
    </>
  );
}
