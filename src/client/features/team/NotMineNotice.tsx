import { FormattedMessage } from 'react-intl';
import { memberName, type NotMine } from './teamSelectors.js';

const MESSAGES = {
  axis: { of: 'TEAM.AXIS_OF', nobody: 'TEAM.AXIS_NOT_MINE' },
  policy: { of: 'TEAM.POLICY_OF', nobody: 'TEAM.POLICY_NOT_MINE' },
} as const;

/**
 * The line under an axis or a policy a collaborator may read but not change: who answers it ('Este eje lo responde
 * Marta: …'), or that it is not theirs when nobody in particular does.
 */
export function NotMineNotice({ part, assignee }: NotMine & { part: 'axis' | 'policy' }) {
  return (
    <p className="small text-body-secondary" data-testid={`${part}-not-mine`}>
      {assignee ? <FormattedMessage id={MESSAGES[part].of} values={{ name: memberName(assignee) }} /> : <FormattedMessage id={MESSAGES[part].nobody} />}
    </p>
  );
}
