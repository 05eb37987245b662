import { Button } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EvidenceItem } from '../../../shared/api/campaigns.js';
import { formatShortMadridDay } from '../../lib/dates.js';

/** A size in bytes as people read it: '850 KB', '2,4 MB'. */
function useFileSize() {
  const intl = useIntl();
  return (bytes: number) =>
    bytes < 1024 * 1024
      ? `${intl.formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
      : `${intl.formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
}

/** One item of evidence: the link (opened in a new tab) or the file's name and size, who added it and when, and 'Quitar'. */
function EvidenceRow({ item, onRemove, onDownload, busy }: { item: EvidenceItem; onRemove?: () => void; onDownload?: () => void; busy?: boolean }) {
  const intl = useIntl();
  const size = useFileSize();
  const name = item.kind === 'link' ? (item.title ?? item.url ?? '') : (item.fileName ?? '');
  return (
    <li className="d-flex flex-wrap align-items-baseline gap-2" data-testid="evidence-item">
      {item.kind === 'link' ? (
        <a href={item.url} target="_blank" rel="noopener noreferrer" className="text-break">
          {name}
        </a>
      ) : (
        <span className="text-break">
          {onDownload ? (
            <Button variant="link" size="sm" className="p-0 align-baseline text-break text-start" onClick={onDownload}>
              {name}
            </Button>
          ) : (
            name
          )}{' '}
          <span className="text-body-secondary">({size(item.size ?? 0)})</span>
        </span>
      )}
      <span className="text-body-secondary">
        <FormattedMessage
          id="EVIDENCE.ADDED"
          values={{ who: item.addedBy ?? intl.formatMessage({ id: 'EVIDENCE.SOMEONE' }), date: formatShortMadridDay(intl, item.addedAt) }}
        />
      </span>
      {onRemove && (
        <Button
          variant="link"
          size="sm"
          className="p-0 align-baseline text-danger"
          disabled={busy}
          onClick={onRemove}
          aria-label={intl.formatMessage({ id: 'EVIDENCE.REMOVE_NAMED' }, { name })}
        >
          <FormattedMessage id="EVIDENCE.REMOVE" />
        </Button>
      )}
    </li>
  );
}

/**
 * The evidence behind an answer, in the order it was added; with onRemove, each item has 'Quitar' (only those
 * canRemove allows, when given); with onDownload, a file's name downloads it (otherwise it is named only, as on paper).
 */
export function EvidenceList({
  items,
  onRemove,
  canRemove = () => true,
  onDownload,
  busy,
}: {
  items: readonly EvidenceItem[];
  onRemove?: (item: EvidenceItem) => void;
  canRemove?: (item: EvidenceItem) => boolean;
  onDownload?: (item: EvidenceItem) => void;
  busy?: boolean;
}) {
  return (
    <ul className="list-unstyled mb-1 d-grid gap-1">
      {items.map((item) => (
        <EvidenceRow
          key={item.id}
          item={item}
          busy={busy}
          onRemove={onRemove && canRemove(item) ? () => onRemove(item) : undefined}
          onDownload={onDownload && (() => onDownload(item))}
        />
      ))}
    </ul>
  );
}
