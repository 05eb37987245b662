import { Alert, Button, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { AnswerHistoryEntry, StaleAnswer, Subindicator } from '../../../shared/api/campaigns.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { formatShortMadridDateTime } from '../../lib/dates.js';
import { selectMemberName } from '../team/teamSelectors.js';
import { campaignsActions } from './campaignsSlice.js';

/**
 * Who changed an answer and when (docs/api.md, "History and stale saves"): 'Última modificación: Marta, 12/03/2026
 * 10:14' under each question, its history on demand, and what a save refused because someone else changed the answer
 * meanwhile asks the user.
 */

/** An answer's chosen responses as the question words them, «…» each; ids no longer in the question show as '#id'. */
function answerText(sub: Subindicator, answer: readonly number[]): string {
  return answer.map((id) => `«${sub.responses.find((r) => r.id === id)?.text ?? `#${id}`}»`).join(', ');
}

/** What one entry of the history says changed, in the user's language. */
export function describeHistoryEntry(intl: IntlShape, sub: Subindicator, entry: AnswerHistoryEntry): string {
  const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `QUESTIONNAIRE.HISTORY.${id}` }, values);
  const { value } = entry;
  const copied = value !== null && typeof value === 'object' && !Array.isArray(value) && 'prefilled' in value && value.prefilled === true;
  const text = (() => {
    switch (entry.kind) {
      case 'answer': {
        const ids = Array.isArray(value) ? value : value && typeof value === 'object' && 'answer' in value ? value.answer : null;
        return ids === null ? say('ANSWER_CLEARED') : say('ANSWER', { answer: answerText(sub, ids) });
      }
      case 'comment': {
        const comment = typeof value === 'string' ? value : value && typeof value === 'object' && 'comment' in value ? value.comment : null;
        return comment === null ? say('COMMENT_REMOVED') : say('COMMENT', { comment });
      }
      case 'notApplicable':
        return value && typeof value === 'object' && 'reason' in value ? say('NOT_APPLICABLE', { reason: value.reason }) : say('NOT_APPLICABLE_REMOVED');
      case 'evidenceAdded':
      case 'evidenceRemoved': {
        const item = value && typeof value === 'object' && 'evidenceId' in value ? value : null;
        const name = item?.title ?? item?.fileName ?? item?.url ?? '';
        return say(entry.kind === 'evidenceAdded' ? 'EVIDENCE_ADDED' : 'EVIDENCE_REMOVED', { name });
      }
    }
  })();
  return copied ? `${text} ${say('COPIED')}` : text;
}

/** 'Última modificación: Marta, 12/03/2026 10:14', and 'Ver historial' with the history under it once asked for. */
export function AnswerLastChange({ sub, campaignId }: { sub: Subindicator; campaignId: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const history = useAppSelector((state) => state.campaigns.questionnaire.histories[sub.id]);
  const nameOf = useAppSelector(selectMemberName);
  if (!sub.lastChange) return null;
  const historyId = `answer-history-${sub.id}`;
  const open = history !== undefined;
  return (
    <div className="small text-body-secondary mt-2" data-testid={`last-change-${sub.id}`}>
      <span className="me-2">
        <FormattedMessage
          id="QUESTIONNAIRE.LAST_CHANGE"
          values={{ who: nameOf(sub.lastChange.userEmail), moment: formatShortMadridDateTime(intl, sub.lastChange.at) }}
        />
      </span>
      <Button
        variant="link"
        size="sm"
        className="p-0 align-baseline text-primary-emphasis"
        aria-expanded={open}
        aria-controls={open ? historyId : undefined}
        onClick={() => dispatch(open ? campaignsActions.historyClosed(sub.id) : campaignsActions.historyRequested({ campaignId, question: sub.id }))}
      >
        <FormattedMessage id={open ? 'QUESTIONNAIRE.HISTORY.HIDE' : 'QUESTIONNAIRE.HISTORY.SHOW'} />
      </Button>
      {history?.status === 'loading' && (
        <Spinner animation="border" size="sm" role="status" className="ms-2">
          <span className="visually-hidden">{intl.formatMessage({ id: 'APP.LOADING' })}</span>
        </Spinner>
      )}
      {history?.status === 'failed' && (
        <p className="text-danger mb-0" role="alert">
          <FormattedMessage id="QUESTIONNAIRE.HISTORY.LOAD_ERROR" />
        </p>
      )}
      {history?.status === 'succeeded' && (
        <ol id={historyId} className="list-unstyled border-start ps-2 mt-1 mb-0" aria-label={intl.formatMessage({ id: 'QUESTIONNAIRE.HISTORY.TITLE' })}>
          {history.entries.map((entry, i) => (
            <li key={i} className="text-break">
              <span className="text-nowrap">{formatShortMadridDateTime(intl, entry.at)}</span> · {nameOf(entry.userEmail)}:{' '}
              {describeHistoryEntry(intl, sub, entry)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The answer as it is now, as the stale-save notice shows it: the responses, "No aplica" with its reason, or none. */
function currentAnswerText(intl: IntlShape, sub: Subindicator, current: StaleAnswer['current']): string {
  if (current.notApplicable) return intl.formatMessage({ id: 'QUESTIONNAIRE.HISTORY.NOT_APPLICABLE' }, { reason: current.notApplicable.reason });
  if (current.answer === null) return intl.formatMessage({ id: 'QUESTIONNAIRE.STALE.NO_ANSWER' });
  return answerText(sub, current.answer);
}

/**
 * A save refused because someone else changed the answer after the user read it: who and when, their answer, and
 * the choice between keeping theirs ('Quedarme con la suya') and saving the user's over it ('Guardar la mía').
 */
export function StaleAnswerNotice({ sub }: { sub: Subindicator }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const current = useAppSelector((state) => state.campaigns.questionnaire.stale[sub.id]);
  const nameOf = useAppSelector(selectMemberName);
  if (!current) return null;
  const who = current.userEmail === null ? intl.formatMessage({ id: 'QUESTIONNAIRE.STALE.SOMEONE' }) : nameOf(current.userEmail);
  return (
    <Alert variant="warning" className="small py-2 px-3 mt-2 mb-0" role="alert" data-testid={`stale-answer-${sub.id}`}>
      <p className="mb-1">
        {current.at === null ? (
          <FormattedMessage id="QUESTIONNAIRE.STALE.CHANGED" values={{ who }} />
        ) : (
          <FormattedMessage id="QUESTIONNAIRE.STALE.CHANGED_AT" values={{ who, moment: formatShortMadridDateTime(intl, current.at) }} />
        )}
      </p>
      <p className="mb-1 text-break">
        <FormattedMessage id="QUESTIONNAIRE.STALE.THEIRS" values={{ answer: currentAnswerText(intl, sub, current) }} />
        {current.comment !== null && (
          <>
            {' '}
            <FormattedMessage id="QUESTIONNAIRE.HISTORY.COMMENT" values={{ comment: current.comment }} />
          </>
        )}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Button size="sm" variant="outline-dark" onClick={() => dispatch(campaignsActions.staleAnswerTaken(sub.id))}>
          <FormattedMessage id="QUESTIONNAIRE.STALE.TAKE" />
        </Button>
        <Button size="sm" onClick={() => dispatch(campaignsActions.staleAnswerReplaced(sub.id))}>
          <FormattedMessage id="QUESTIONNAIRE.STALE.REPLACE" />
        </Button>
      </div>
    </Alert>
  );
}
