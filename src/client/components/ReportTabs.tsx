import { Nav } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The tab bar of a report page (results, comparisons): one tab per view, each labelled by a message id; not
 * printed (the paper copy prints the views it chooses).
 */
export function ReportTabs<K extends string>({
  tabs,
  active,
  onSelect,
  label,
}: {
  tabs: readonly { key: K; label: string }[];
  active: K;
  onSelect: (key: K) => void;
  label: string;
}) {
  const intl = useIntl();
  return (
    <Nav
      variant="tabs"
      className="report-tabs mb-3 d-print-none"
      activeKey={active}
      onSelect={(key) => key && onSelect(key as K)}
      aria-label={intl.formatMessage({ id: label })}
    >
      {tabs.map((tab) => (
        <Nav.Item key={tab.key}>
          <Nav.Link eventKey={tab.key}>
            <FormattedMessage id={tab.label} />
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
