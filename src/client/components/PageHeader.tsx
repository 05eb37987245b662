import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A page's heading block: the title (a message id) with the page's main actions on the same line, wrapping
 * below it on narrow screens. `id` is what the page's section names in its aria-labelledby.
 */
export function PageHeader({ id, title, values, actions }: { id: string; title: string; values?: Record<string, string>; actions?: ReactNode }) {
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h2 id={id} className="h4 mb-0">
        <FormattedMessage id={title} values={values} />
      </h2>
      {actions}
    </div>
  );
}
