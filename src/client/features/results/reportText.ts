import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { Rank } from '../../../shared/api/results.js';
import type { ActiveLevel, MeasuresFigures, MeasuresRow, ReportBlock } from './reportModel.js';
import type { WithheldNote } from './withheld.js';
import { campaignLabelMessage } from '../../i18n/labels.js';
import { DASH } from '../../lib/numbers.js';

/** A message id (and its values) to its text: intl.formatMessage on screen, messageFor(language) in the CSV export. */
import { sizeBandName, type Translate } from '../../../shared/format.js';
export type { Translate } from '../../../shared/format.js';
export { sizeBandName } from '../../../shared/format.js';

/**
 * The interface's words the report model leaves out, in one language: the one place where a block, a TOTAL
 * row or a measures row gets its label, for the screen and the CSV alike.
 */
export function reportText(t: Translate) {
  const campaign = (year: number) => t(campaignLabelMessage(year).id, campaignLabelMessage(year).values);
  /** A level's name: the territory's as the server sends it, or the size band's in words. */
  const levelName = (level: Pick<ActiveLevel, 'label' | 'band'>) => (level.band ? sizeBandName(t, level.band) : level.label);
  return {
    /** An axis block is named after its axis; the global block is 'Resultado global'. */
    blockTitle: (block: Pick<ReportBlock, 'axisText'>) => block.axisText ?? t('RESULTS.GLOBAL.TITLE'),
    /** The last row of a comparison table. */
    blockTotal: t('RESULTS.TABLE.TOTAL'),
    /** A policy or measure by its name; the last row 'Total general'. */
    measuresRowText: (row: MeasuresRow | MeasuresFigures) => ('text' in row ? row.text : t('RESULTS.MEASURES.TOTAL')),
    levelName,
    /** What the entity's own cell of a group it answered wholly 'No aplica' says. */
    notApplicable: t('RESULTS.NOT_APPLICABLE'),
    /** A group's own n beside its mean, where it differs from its level's ('n = 4'). */
    groupSize: (n: number) => t('RESULTS.GROUP_SIZE', { n }),
    /** A level in legends, headings, series and CSV headers: a territory's mean says how many entities make it, 'Valencia (n = 2)'. */
    levelLabel: (level: Pick<ActiveLevel, 'label' | 'band' | 'n'>) =>
      level.n === null ? levelName(level) : t('RESULTS.LEVEL_WITH_SIZE', { name: levelName(level), n: level.n }),
    /** 'Puesto 4 de 12', or a dash (a withheld mean, or no participant). */
    rank: (rank: Rank | null) => (rank ? t('RESULTS.RANK.CELL', { position: rank.position, of: rank.of }) : DASH),
    /**
     * The one sentence saying which shown means are withheld and why: 'No se muestra la media de Provincia de
     * Soria (n = 2): se muestran solo las medias de al menos 3 entidades, …'. The sizes are the participants
     * (the minimum counts them), written 'n = 2' when the means are the participants' and '2 participantes' otherwise.
     */
    withheldNote: (note: WithheldNote, compareWithParticipants: boolean) => {
      const size = (s: WithheldNote['territories'][number]['sizes'][number]) =>
        `${s.year === null ? '' : `${campaign(s.year)}: `}${t(`RESULTS.WITHHELD.SIZE.${compareWithParticipants ? 'participants' : 'all'}`, { n: s.participants })}`;
      const names = note.territories.map((x) => t(`RESULTS.WITHHELD.NAME.${x.level}`, { name: levelName(x), sizes: x.sizes.map(size).join('; ') }));
      const list = names.length === 1 ? names[0] : t('RESULTS.WITHHELD.AND', { rest: names.slice(0, -1).join(', '), last: names[names.length - 1] });
      return t(names.length === 1 ? 'RESULTS.WITHHELD.ONE' : 'RESULTS.WITHHELD.MANY', { territories: list, min: note.minGroupSize });
    },
    /** 'Campaña 2026' in the language. */
    campaign,
  };
}
export type ReportText = ReturnType<typeof reportText>;

/** reportText in the interface's language, for components. */
export function useReportText(): ReportText {
  const intl = useIntl();
  return useMemo(() => reportText((id, values) => intl.formatMessage({ id }, values)), [intl]);
}

/** The shown levels with their n in their labels ('Valencia (n = 2)'), for charts, tables and legends. */
export function useLabelledLevels(levels: readonly ActiveLevel[]): ActiveLevel[] {
  const text = useReportText();
  // Worded once: the band's bounds are in the label now.
  return useMemo(() => levels.map((l) => ({ ...l, label: text.levelLabel(l), band: null })), [levels, text]);
}
