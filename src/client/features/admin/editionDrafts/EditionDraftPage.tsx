import { useEffect, useState, type ReactNode } from 'react';
import type { Action } from '@reduxjs/toolkit';
import { useParams } from 'react-router-dom';
import { Alert, Badge, Button, Form, Spinner } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector, useNotFoundWhen } from '../../../app/hooks.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { RemoteState } from '../../../components/RemoteState.js';
import { LabelledGroup } from '../../../components/LabelledGroup.js';
import { askToConfirm } from '../../../app/confirmedChange.js';
import { EVIDENCE_RULES } from '../../../../shared/constants.js';
import { TRANSLATION_LANGUAGES, type TranslationLanguage, type Translations } from '../../../../shared/editionTexts.js';
import type { TreeLevel, TreeOperation } from '../../../../shared/api/editions.js';
import { editionDraftsActions } from './editionDraftsSlice.js';
import {
  childrenOf,
  freeCode,
  selectDraftCodes,
  selectDraftDocument,
  selectDraftPreviewGroups,
  selectEditionDrafts,
  selectParentChoices,
  selectProblemsByNode,
  countProblemsUnder,
  selectTranslationGaps,
  textOf,
  translationsOf,
  typedPoints,
  type DraftNode,
} from './editionDraftsSelectors.js';
import { ProblemList, useFilePlace, useProblemText } from '../editions/EditionUpload.js';
import { EditionDiffView } from '../editions/EditionDiffView.js';
import { PreviewQuestionnaire } from '../editions/EditionPreviewView.js';

/** A node as the changes name it: its level and code, a response also by its question's code. */
interface NodeRef {
  level: TreeLevel;
  code: string;
  subindicator?: string;
}

/**
 * What a new question or response says until it is reworded: an edition's own texts are Spanish whatever the
 * language of the interface that writes them (shared/editionTexts.ts).
 */
const NEW_QUESTION = '¿Nueva pregunta?';
const NEW_INDICATOR = 'Nuevo indicador';
const NEW_RESPONSE = 'Nueva respuesta';
const NEW_MEASURE = 'Nueva medida';
const NEW_POLICY = 'Nueva política';
const NEW_AXIS = 'Nuevo eje';
/** A new indicator, measure, policy or axis with what it needs to pass the checks: down to one question of two responses. */
const newIndicator = (code: string) => ({
  code,
  text: NEW_INDICATOR,
  subindicators: [{ code: `${code}.S1`, text: NEW_QUESTION, type: 'single', responses: yesNo() }],
});
const newMeasure = (code: string) => ({ code, text: NEW_MEASURE, indicators: [newIndicator(`${code}.I1`)] });
const newPolicy = (code: string) => ({ code, text: NEW_POLICY, measures: [newMeasure(`${code}.M1`)] });
const newAxis = (code: string) => ({ code, text: NEW_AXIS, policies: [newPolicy(`${code}.P1`)] });
const yesNo = () => [
  { code: 'R1', text: 'Sí', value: 1 },
  { code: 'R2', text: 'No', value: 0 },
];

const useChange = () => {
  const dispatch = useAppDispatch();
  return (...operations: TreeOperation[]) => dispatch(editionDraftsActions.changed(operations));
};

/** A text of the draft, saved when the field is left (or Enter is pressed) if it changed. */
function DraftText({
  id,
  label,
  value,
  onSave,
  placeholder,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onSave: (text: string) => void;
  placeholder?: string;
}) {
  return (
    <Form.Group controlId={id} className="mb-2">
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Form.Control
        key={value}
        size="sm"
        defaultValue={value}
        placeholder={placeholder}
        maxLength={2000}
        onBlur={(e) => {
          const typed = e.target.value.trim();
          if (typed !== value) onSave(typed);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
        }}
      />
    </Form.Group>
  );
}

/** A node's translations with one field of one language set to `text` (removed when empty); null when none is left. */
function withTranslation(translations: Translations, language: TranslationLanguage, field: string, text: string): Translations | null {
  const next: Record<string, Record<string, string>> = structuredClone(translations) as Record<string, Record<string, string>>;
  const fields = { ...(next[language] ?? {}) };
  if (text === '') delete fields[field];
  else fields[field] = text;
  if (Object.keys(fields).length > 0) next[language] = fields;
  else delete next[language];
  return Object.keys(next).length > 0 ? (next as Translations) : null;
}

/**
 * A text of a node, and beside it its translation into the language being translated (an empty field says it
 * lacks one). Both are saved as each field is left.
 */
function NodeText({ node, nodeRef, field, label }: { node: DraftNode; nodeRef: NodeRef; field: 'text' | 'evidenceCriteria'; label: string }) {
  const intl = useIntl();
  const change = useChange();
  const language = useAppSelector((state) => state.editionDrafts.translating);
  const id = `${nodeRef.level}-${nodeRef.subindicator ?? ''}-${nodeRef.code}-${field}`;
  const translations = translationsOf(node);
  const value = textOf(node, field);
  const update = (changes: Record<string, unknown>) => change({ op: 'update', ...nodeRef, changes } as TreeOperation);
  return (
    <>
      <DraftText
        id={id}
        label={<FormattedMessage id={label} />}
        value={value}
        onSave={(text) => update({ [field]: text === '' && field === 'evidenceCriteria' ? null : text })}
      />
      {language && value !== '' && (
        <DraftText
          id={`${id}-${language}`}
          label={<FormattedMessage id="EDITION_DRAFT.TRANSLATION" values={{ language: intl.formatMessage({ id: `LANGUAGES.${language}` }) }} />}
          value={translations[language]?.[field] ?? ''}
          placeholder={intl.formatMessage({ id: 'EDITION_DRAFT.UNTRANSLATED' })}
          onSave={(text) => update({ translations: withTranslation(translations, language, field, text) })}
        />
      )}
    </>
  );
}

/**
 * 'Mover a': the node to the end of another node of its parent's level (a question to another indicator, a
 * response to another question...). An axis has no such choice.
 */
function MoveTo({ nodeRef, parent, name }: { nodeRef: NodeRef; parent: string; name: string }) {
  const intl = useIntl();
  const change = useChange();
  const choices = useAppSelector(selectParentChoices)[nodeRef.level];
  if (!choices || choices.nodes.length < 2) return null;
  const parentLevel = intl.formatMessage({ id: `CATALOGUE.LEVEL.${choices.level}` });
  const controlId = `move-${nodeRef.level}-${nodeRef.subindicator ?? ''}-${nodeRef.code}`;
  return (
    <LabelledGroup controlId={controlId} label="EDITION_DRAFT.MOVE_TO" labelClassName="small mb-0 text-nowrap" className="d-flex align-items-center gap-1">
      <Form.Select
        size="sm"
        value={parent}
        style={{ maxWidth: '16rem' }}
        aria-label={intl.formatMessage({ id: 'EDITION_DRAFT.MOVE_TO_LABEL' }, { name })}
        onChange={(e) => {
          const to = choices.nodes.find((c) => c.code === e.target.value);
          if (to) change({ op: 'move', ...nodeRef, parent: to.code, index: to.children });
        }}
      >
        {choices.nodes.map((c) => (
          <option key={c.code} value={c.code}>
            {`${parentLevel} ${c.code} · ${c.text}`}
          </option>
        ))}
      </Form.Select>
    </LabelledGroup>
  );
}

/** 'Subir', 'Bajar', 'Mover a' and 'Eliminar' of a node among its siblings. */
function NodeActions({ nodeRef, parent, index, count }: { nodeRef: NodeRef; parent: string | null; index: number; count: number }) {
  const intl = useIntl();
  const change = useChange();
  const dispatch = useAppDispatch();
  const name = `${intl.formatMessage({ id: `CATALOGUE.LEVEL.${nodeRef.level}` })} ${nodeRef.code}`;
  const move = (to: number) => change({ op: 'move', ...nodeRef, parent, index: to });
  return (
    <div className="d-flex flex-wrap align-items-center gap-1 mb-2">
      {(
        [
          ['UP', index - 1],
          ['DOWN', index + 1],
        ] as const
      ).map(([direction, to]) => (
        <Button
          key={direction}
          size="sm"
          variant="outline-secondary"
          disabled={to < 0 || to >= count}
          onClick={() => move(to)}
          aria-label={intl.formatMessage({ id: `EDITION_DRAFT.${direction}_LABEL` }, { name })}
        >
          <FormattedMessage id={`EDITION_DRAFT.${direction}`} />
        </Button>
      ))}
      <Button
        size="sm"
        variant="outline-danger"
        onClick={() =>
          dispatch(
            askToConfirm({
              title: 'EDITION_DRAFT.REMOVE_CONFIRM.TITLE',
              message: 'EDITION_DRAFT.REMOVE_CONFIRM.MESSAGE',
              values: { name },
              action: editionDraftsActions.changed([{ op: 'remove', ...nodeRef }]),
              // Queued with the other changes: the page says when it is saved.
              closes: true,
            }),
          )
        }
        aria-label={intl.formatMessage({ id: 'EDITION_DRAFT.REMOVE_LABEL' }, { name })}
      >
        <FormattedMessage id="COMMON.DELETE" />
      </Button>
      {parent !== null && <MoveTo nodeRef={nodeRef} parent={parent} name={name} />}
    </div>
  );
}

/** 'Añadir respuesta', 'Añadir pregunta', 'Añadir indicador': adds `node` under the node of code `parent`. */
function AddButton({ level, parent, node, message }: { level: TreeLevel; parent: string | null; node: Record<string, unknown>; message: string }) {
  const intl = useIntl();
  const change = useChange();
  return (
    <Button
      size="sm"
      variant="outline-primary"
      className="mb-2"
      onClick={() => change({ op: 'add', level, parent, node })}
      aria-label={intl.formatMessage({ id: `${message}_LABEL` }, { item: parent ?? '' })}
    >
      <FormattedMessage id={message} />
    </Button>
  );
}

/** What the checks find in a node itself (its fields and its lists), beside it; what is under it is beside its own nodes. */
function NodeProblems({ path }: { path: string }) {
  const textOf = useProblemText();
  const problems = useAppSelector(selectProblemsByNode).get(path);
  if (!problems) return null;
  return (
    <Alert variant="danger" className="py-1 px-2 small mb-2" data-testid={`draft-node-problems-${path}`}>
      <ul className="mb-0 ps-3">
        {problems.map((p, i) => (
          <li key={i}>{textOf(p)}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** How a question's and a response's boxes look: the box, and the line that names it ('Pregunta S1', 'Respuesta R1'). */
const LEAF_LOOK = {
  subindicator: { box: 'border rounded p-2 mb-3 bg-light', name: 'fw-semibold mb-1', message: 'EDITION_DRAFT.QUESTION' },
  response: { box: 'border rounded p-2 mb-2 bg-white', name: 'small fw-semibold mb-1', message: 'EDITION_DRAFT.RESPONSE' },
} as const;

/** A question or a response, the levels always open. */
type LeafRef = NodeRef & { level: keyof typeof LEAF_LOOK };

/** A question's or a response's box, always open: its name, its problems and its text, then its own fields (children). */
function LeafEditor({ node, nodeRef, path, testId, children }: { node: DraftNode; nodeRef: LeafRef; path: string; testId: string; children: ReactNode }) {
  const look = LEAF_LOOK[nodeRef.level];
  return (
    <li className={look.box} data-testid={testId}>
      <p className={look.name}>
        <FormattedMessage id={look.message} values={{ item: nodeRef.code }} />
      </p>
      <NodeProblems path={path} />
      <NodeText node={node} nodeRef={nodeRef} field="text" label="EDITION_DRAFT.TEXT" />
      {children}
    </li>
  );
}

/** A response: its text, its points (checked as typed: a number from 0 to 100), and its flags. */
function ResponseEditor({
  node,
  path,
  question,
  multiple,
  index,
  count,
}: {
  node: DraftNode;
  path: string;
  question: string;
  multiple: boolean;
  index: number;
  count: number;
}) {
  const intl = useIntl();
  const change = useChange();
  const code = textOf(node, 'code');
  const nodeRef: LeafRef = { level: 'response', code, subindicator: question };
  const saved = typeof node.value === 'number' ? String(node.value) : '';
  const [points, setPoints] = useState(saved);
  useEffect(() => setPoints(saved), [saved]);
  const value = typedPoints(points);
  const id = `response-${question}-${code}`;
  const update = (changes: Record<string, unknown>) => change({ op: 'update', ...nodeRef, changes } as TreeOperation);
  return (
    <LeafEditor node={node} nodeRef={nodeRef} path={path} testId={`draft-response-${question}-${code}`}>
      <div className="d-flex flex-wrap align-items-start gap-3">
        <LabelledGroup controlId={`${id}-points`} label="EDITION_DRAFT.POINTS" labelClassName="small mb-0" style={{ maxWidth: '9rem' }}>
          <Form.Control
            size="sm"
            inputMode="decimal"
            value={points}
            isInvalid={value === null}
            aria-describedby={value === null ? `${id}-points-error` : undefined}
            onChange={(e) => setPoints(e.target.value)}
            onBlur={() => {
              if (value !== null && points !== saved) update({ value });
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
            }}
          />
          {value === null && (
            <Form.Control.Feedback type="invalid" id={`${id}-points-error`}>
              <FormattedMessage id="EDITION_DRAFT.POINTS_INVALID" />
            </Form.Control.Feedback>
          )}
        </LabelledGroup>
        <Form.Check
          id={`${id}-obsolete`}
          className="mt-3"
          label={intl.formatMessage({ id: 'EDITION_DRAFT.OBSOLETE' })}
          checked={node.obsolete === true}
          onChange={(e) => update({ obsolete: e.target.checked })}
        />
        {multiple && (
          <Form.Check
            id={`${id}-exclusive`}
            className="mt-3"
            label={intl.formatMessage({ id: 'EDITION_DRAFT.EXCLUSIVE' })}
            checked={node.exclusive === true}
            onChange={(e) => update({ exclusive: e.target.checked })}
          />
        )}
      </div>
      <NodeActions nodeRef={nodeRef} parent={question} index={index} count={count} />
    </LeafEditor>
  );
}

/** A question: its text, type, "No aplica", evidence rule and criteria, its responses and 'Añadir respuesta'. */
function QuestionEditor({ node, path, indicator, index, count }: { node: DraftNode; path: string; indicator: string; index: number; count: number }) {
  const intl = useIntl();
  const change = useChange();
  const code = textOf(node, 'code');
  const nodeRef: LeafRef = { level: 'subindicator', code };
  const responses = childrenOf(node, 'responses');
  const update = (changes: Record<string, unknown>) => change({ op: 'update', ...nodeRef, changes } as TreeOperation);
  const rule = typeof node.evidenceRule === 'string' ? node.evidenceRule : 'none';
  const taken = new Set(responses.map((r) => textOf(r, 'code')));
  return (
    <LeafEditor node={node} nodeRef={nodeRef} path={path} testId={`draft-question-${code}`}>
      <div className="d-flex flex-wrap gap-3 mb-2">
        <LabelledGroup controlId={`question-${code}-type`} label="EDITION_DRAFT.TYPE" labelClassName="small mb-0">
          <Form.Select size="sm" value={node.type === 'multiple' ? 'multiple' : 'single'} onChange={(e) => update({ type: e.target.value })}>
            <option value="single">{intl.formatMessage({ id: 'EDITION_DRAFT.TYPE_SINGLE' })}</option>
            <option value="multiple">{intl.formatMessage({ id: 'EDITION_DRAFT.TYPE_MULTIPLE' })}</option>
          </Form.Select>
        </LabelledGroup>
        <LabelledGroup controlId={`question-${code}-evidence`} label="EDITION_DRAFT.EVIDENCE" labelClassName="small mb-0">
          <Form.Select size="sm" value={rule} onChange={(e) => update({ evidenceRule: e.target.value })}>
            {EVIDENCE_RULES.map((r) => (
              <option key={r} value={r}>
                {intl.formatMessage({ id: `EDITION_DRAFT.EVIDENCE_${r.toUpperCase()}` })}
              </option>
            ))}
          </Form.Select>
        </LabelledGroup>
        <Form.Check
          id={`question-${code}-not-applicable`}
          className="mt-4"
          label={intl.formatMessage({ id: 'EDITION_DRAFT.NOT_APPLICABLE' })}
          checked={node.allowsNotApplicable === true}
          onChange={(e) => update({ allowsNotApplicable: e.target.checked })}
        />
      </div>
      {rule !== 'none' && <NodeText node={node} nodeRef={nodeRef} field="evidenceCriteria" label="EDITION_DRAFT.CRITERIA" />}
      <NodeActions nodeRef={nodeRef} parent={indicator} index={index} count={count} />
      <ul className="list-unstyled ms-md-3">
        {responses.map((r, i) => (
          <ResponseEditor
            key={textOf(r, 'code') || i}
            node={r}
            path={`${path}.responses[${i}]`}
            question={code}
            multiple={node.type === 'multiple'}
            index={i}
            count={responses.length}
          />
        ))}
      </ul>
      <AddButton
        level="response"
        parent={code}
        node={{ code: freeCode('R', responses.length, taken), text: NEW_RESPONSE, value: 0 }}
        message="EDITION_DRAFT.ADD_RESPONSE"
      />
    </LeafEditor>
  );
}

/** A level above the questions, folded until opened (a questionnaire has hundreds of responses): its text and what it holds. */
function Branch({
  node,
  path,
  level,
  parent,
  index,
  count,
  children,
}: {
  node: DraftNode;
  path: string;
  level: TreeLevel;
  parent: string | null;
  index: number;
  count: number;
  children: (code: string, path: string) => ReactNode;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const code = textOf(node, 'code');
  const nodeRef: NodeRef = { level, code };
  const problems = countProblemsUnder(useAppSelector(selectProblemsByNode), path);
  return (
    <li className="mb-2">
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid={`draft-${level}-${code}`}>
        <summary className="fw-semibold">
          <span className="text-capitalize">{intl.formatMessage({ id: `CATALOGUE.LEVEL.${level}` })}</span> {code} · {textOf(node, 'text')}
          {problems > 0 && (
            <Badge bg="danger" className="ms-2 align-middle">
              <FormattedMessage id="EDITION_DRAFT.NODE_PROBLEMS" values={{ count: problems }} />
            </Badge>
          )}
        </summary>
        {open && (
          <div className="ms-md-3 mt-2">
            <NodeProblems path={path} />
            <NodeText node={node} nodeRef={nodeRef} field="text" label="EDITION_DRAFT.TEXT" />
            <NodeActions nodeRef={nodeRef} parent={parent} index={index} count={count} />
            {children(code, path)}
          </div>
        )}
      </details>
    </li>
  );
}

/** The draft's questionnaire as a tree: axes, policies, measures, indicators (with 'Añadir pregunta'), questions and responses. */
function DraftTree({ doc }: { doc: DraftNode }) {
  const codes = useAppSelector(selectDraftCodes);
  const axes = childrenOf(doc, 'axes');
  /** A level's nodes under `parent`, each with its JSON path (`<listPath>[i]`), as the checks place their problems. */
  const list = (
    nodes: DraftNode[],
    level: TreeLevel,
    parent: string | null,
    listPath: string,
    inner: (node: DraftNode, code: string, path: string) => ReactNode,
  ) => (
    <ul className="list-unstyled">
      {nodes.map((n, i) => (
        <Branch key={textOf(n, 'code') || i} node={n} path={`${listPath}[${i}]`} level={level} parent={parent} index={i} count={nodes.length}>
          {(code, path) => inner(n, code, path)}
        </Branch>
      ))}
    </ul>
  );
  const questions = (indicator: DraftNode, code: string, path: string) => {
    const subs = childrenOf(indicator, 'subindicators');
    return (
      <>
        <ul className="list-unstyled">
          {subs.map((s, i) => (
            <QuestionEditor key={textOf(s, 'code') || i} node={s} path={`${path}.subindicators[${i}]`} indicator={code} index={i} count={subs.length} />
          ))}
        </ul>
        <AddButton
          level="subindicator"
          parent={code}
          node={{ code: freeCode(`${code}.S`, subs.length, codes), text: NEW_QUESTION, type: 'single', responses: yesNo() }}
          message="EDITION_DRAFT.ADD_QUESTION"
        />
      </>
    );
  };
  const indicators = (measure: DraftNode, code: string, path: string) => {
    const items = childrenOf(measure, 'indicators');
    const indicatorCode = freeCode(`${code}.I`, items.length, codes);
    return (
      <>
        {list(items, 'indicator', code, `${path}.indicators`, questions)}
        <AddButton level="indicator" parent={code} node={newIndicator(indicatorCode)} message="EDITION_DRAFT.ADD_INDICATOR" />
      </>
    );
  };
  return (
    <section aria-labelledby="draft-tree-title" className="mt-4">
      <h2 id="draft-tree-title" className="h5">
        <FormattedMessage id="EDITION_DRAFT.TREE" />
      </h2>
      {list(axes, 'axis', null, 'axes', (axis, a, axisPath) => {
        const policies = childrenOf(axis, 'policies');
        return (
          <>
            {list(policies, 'policy', a, `${axisPath}.policies`, (policy, p, policyPath) => {
              const measures = childrenOf(policy, 'measures');
              return (
                <>
                  {list(measures, 'measure', p, `${policyPath}.measures`, indicators)}
                  <AddButton level="measure" parent={p} node={newMeasure(freeCode(`${p}.M`, measures.length, codes))} message="EDITION_DRAFT.ADD_MEASURE" />
                </>
              );
            })}
            <AddButton level="policy" parent={a} node={newPolicy(freeCode(`${a}.P`, policies.length, codes))} message="EDITION_DRAFT.ADD_POLICY" />
          </>
        );
      })}
      <AddButton level="axis" parent={null} node={newAxis(freeCode('E', axes.length, codes))} message="EDITION_DRAFT.ADD_AXIS" />
    </section>
  );
}

/** 'Traducir al': the language whose translations show beside each text, and how many texts each language lacks. */
function Translations() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const language = useAppSelector((state) => state.editionDrafts.translating);
  const gaps = useAppSelector(selectTranslationGaps);
  return (
    <section aria-labelledby="draft-translations-title" className="mt-3">
      <h2 id="draft-translations-title" className="h5">
        <FormattedMessage id="EDITION_DRAFT.TRANSLATIONS" />
      </h2>
      <ul className="list-inline small mb-2" data-testid="draft-translation-gaps">
        {TRANSLATION_LANGUAGES.map((l) => (
          <li key={l} className="list-inline-item me-3">
            {intl.formatMessage({ id: `LANGUAGES.${l}` })}:{' '}
            {gaps.missing[l] === 0 ? (
              <Badge bg="success">
                <FormattedMessage id="EDITION_DRAFT.ALL_TRANSLATED" />
              </Badge>
            ) : (
              <FormattedMessage id="EDITION_DRAFT.MISSING" values={{ count: gaps.missing[l], total: gaps.texts }} />
            )}
          </li>
        ))}
      </ul>
      <LabelledGroup controlId="draft-translating" label="EDITION_DRAFT.TRANSLATE_INTO" labelClassName="small mb-0" style={{ maxWidth: '20rem' }}>
        <Form.Select
          size="sm"
          value={language ?? ''}
          onChange={(e) => dispatch(editionDraftsActions.translatingChosen((e.target.value || null) as TranslationLanguage | null))}
        >
          <option value="">{intl.formatMessage({ id: 'EDITION_DRAFT.TRANSLATE_NONE' })}</option>
          {TRANSLATION_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {intl.formatMessage({ id: `LANGUAGES.${l}` })}
            </option>
          ))}
        </Form.Select>
      </LabelledGroup>
    </section>
  );
}

/** The edition's title and its translation. */
function TitleEditor({ doc }: { doc: DraftNode }) {
  const intl = useIntl();
  const change = useChange();
  const language = useAppSelector((state) => state.editionDrafts.translating);
  const title = textOf(doc, 'title');
  const translations = translationsOf(doc);
  return (
    <>
      <DraftText
        id="draft-title"
        label={<FormattedMessage id="EDITION_DRAFT.TITLE_FIELD" />}
        value={title}
        onSave={(text) => change({ op: 'setTitle', title: text })}
      />
      {language && (
        <DraftText
          id={`draft-title-${language}`}
          label={<FormattedMessage id="EDITION_DRAFT.TRANSLATION" values={{ language: intl.formatMessage({ id: `LANGUAGES.${language}` }) }} />}
          value={translations[language]?.title ?? ''}
          placeholder={intl.formatMessage({ id: 'EDITION_DRAFT.UNTRANSLATED' })}
          onSave={(text) => change({ op: 'setTitle', title, translations: withTranslation(translations, language, 'title', text) })}
        />
      )}
    </>
  );
}

/** Whether the changes are saved, being saved, or refused (another's change first: theirs is on screen). */
function SaveState() {
  const { pending, conflict, changeError, draft } = useAppSelector(selectEditionDrafts);
  const intl = useIntl();
  return (
    <>
      <div className="small text-body-secondary mb-2" role="status" data-testid="draft-save-state">
        {pending > 0 ? (
          <>
            <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            <FormattedMessage id="EDITION_DRAFT.SAVING" />
          </>
        ) : (
          draft.data && <FormattedMessage id="EDITION_DRAFT.SAVED" values={{ who: draft.data.updatedBy ?? '—', when: intl.formatTime(draft.data.updatedAt) }} />
        )}
      </div>
      {conflict && (
        <Alert variant="warning" data-testid="draft-conflict">
          <FormattedMessage id="EDITION_DRAFT.CONFLICT" values={{ who: draft.data?.updatedBy ?? '—' }} />
        </Alert>
      )}
      {changeError && (
        <Alert variant="danger">
          <FormattedMessage id="EDITION_DRAFT.CHANGE_REFUSED" />
        </Alert>
      )}
    </>
  );
}

/** 'Publicar edición' and 'Eliminar borrador': each asks first (EDITION_DRAFT.<name>_CONFIRM.*), naming the year. */
function DraftAction({
  name,
  year,
  disabled,
  loading,
  action,
}: {
  name: 'PUBLISH' | 'DELETE';
  year: number;
  disabled: boolean;
  loading: boolean;
  action: Action;
}) {
  const dispatch = useAppDispatch();
  const danger = name === 'DELETE';
  return (
    <Button
      variant={danger ? 'outline-danger' : 'primary'}
      disabled={disabled}
      onClick={() =>
        dispatch(
          askToConfirm({
            title: `EDITION_DRAFT.${name}_CONFIRM.TITLE`,
            message: `EDITION_DRAFT.${name}_CONFIRM.MESSAGE`,
            values: { year: String(year) },
            action,
            confirmLabel: `EDITION_DRAFT.${name}`,
            danger,
          }),
        )
      }
    >
      {loading && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
      <FormattedMessage id={`EDITION_DRAFT.${name}`} />
    </Button>
  );
}

/** /manage/editions/draft/:year: the draft edition of a year, edited as a tree, each change saved as it is made; 'Publicar edición'. */
export default function EditionDraftPage() {
  const { year: param } = useParams();
  const year = /^\d{4}$/.test(param ?? '') ? Number(param) : null;
  useNotFoundWhen(year === null);
  const dispatch = useAppDispatch();
  const { draft, pending, publishing, discarding } = useAppSelector(selectEditionDrafts);
  const doc = useAppSelector(selectDraftDocument);
  const preview = useAppSelector(selectDraftPreviewGroups);
  const filePlace = useFilePlace();
  useEffect(() => {
    if (year !== null) dispatch(editionDraftsActions.opened(year));
  }, [dispatch, year]);
  const data = draft.data;
  const busy = pending > 0 || publishing.status === 'loading' || discarding.status === 'loading';
  const publishable = data !== null && data.problems.length === 0 && !busy;
  return (
    <section aria-labelledby="draft-title-heading">
      <PageHeader id="draft-title-heading" title="EDITION_DRAFT.HEADING" values={{ year: String(year ?? '') }} />
      <RemoteState status={draft.status} empty={!data} emptyMessage="EDITION_DRAFT.EMPTY">
        {data && doc && (
          <>
            <SaveState />
            <TitleEditor doc={doc} />
            <ProblemList problems={data.problems} placeOf={filePlace} testId="draft-problems" title="EDITION_DRAFT.PROBLEMS_TITLE" />
            {data.problems.length === 0 && (
              <Alert variant="success" className="py-2 small">
                <FormattedMessage id="EDITION_DRAFT.NO_PROBLEMS" />
              </Alert>
            )}
            <div className="d-flex flex-wrap gap-2 mb-3">
              <DraftAction
                name="PUBLISH"
                year={data.campaignNumber}
                disabled={!publishable}
                loading={publishing.status === 'loading'}
                action={editionDraftsActions.publishRequested(data.campaignNumber)}
              />
              <DraftAction
                name="DELETE"
                year={data.campaignNumber}
                disabled={busy}
                loading={discarding.status === 'loading'}
                action={editionDraftsActions.discardRequested({ campaignNumber: data.campaignNumber, version: data.version })}
              />
            </div>
            <Translations />
            <DraftTree doc={doc} />
            {data.diff && <EditionDiffView diff={data.diff} previousYear={data.previousYear} />}
            {preview && <PreviewQuestionnaire axes={preview} open={false} />}
          </>
        )}
      </RemoteState>
    </section>
  );
}
