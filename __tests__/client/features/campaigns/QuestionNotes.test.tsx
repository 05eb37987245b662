import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QuestionNotes } from '../../../../src/client/features/campaigns/QuestionNotes.js';
import { campaignsActions } from '../../../../src/client/features/campaigns/campaignsSlice.js';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import type { CampaignDetail, EvidenceItem, Subindicator } from '../../../../src/shared/api/campaigns.js';
import { useAppSelector } from '../../../../src/client/app/hooks.js';
import { renderWithProviders } from '../../../helpers/client.js';
import { ASKS_NOTHING } from '../../../helpers/questions.js';

const sub: Subindicator = {
  id: 7,
  text: '¿Hay plan de compostaje?',
  type: 'single',
  ...ASKS_NOTHING,
  evidenceRule: 'optional',
  responses: [{ id: 70, text: 'Sí', value: 2, obsolete: false, exclusive: false }],
  answer: [70],
};
const campaign = {
  id: 5,
  campaignNumber: 2026,
  status: 'draft',
  indicators: [{ id: 1, text: 'Compostaje', subindicators: [sub] }],
} as unknown as CampaignDetail;
const ITEM: EvidenceItem = {
  id: 9,
  kind: 'file',
  fileName: 'informe.pdf',
  contentType: 'application/pdf',
  size: 2048,
  addedBy: 'usuario@demo.es',
  addedAt: '2026-03-01T10:00:00.000Z',
};

/** The question's notes as the questionnaire renders them: from the question in the store. */
function Notes() {
  const question = useAppSelector((state) => state.campaigns.questionnaire.campaign!.indicators[0].subindicators[0]);
  return <QuestionNotes sub={question} campaignId={5} readOnly={false} />;
}

const renderNotes = () => renderWithProviders(<Notes />, { preloadedState: rootReducer(undefined, campaignsActions.questionnaireLoaded(campaign)) });

describe('evidence files being sent', () => {
  it("shows a determinate bar, 'Subiendo informe.pdf… 45 %', while the file goes, and the file once the server has it", async () => {
    const { store } = renderNotes();
    await userEvent.upload(screen.getByTestId('evidence-file-7'), new File(['%PDF-1.4'], 'informe.pdf', { type: 'application/pdf' }));
    expect(store.getState().campaigns.questionnaire.uploads[7]).toEqual({ fileName: 'informe.pdf', percent: 0 });
    const bar = screen.getByRole('progressbar', { name: /^Subiendo informe\.pdf… 0\s%$/ });
    expect(bar).toHaveAttribute('aria-valuenow', '0');

    act(() => void store.dispatch(campaignsActions.evidenceUploadProgressed({ question: 7, percent: 45 })));
    expect(screen.getByText(/^Subiendo informe\.pdf… 45\s%$/)).toBeVisible();
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveStyle({ width: '45%' });
    // Nothing else is sent meanwhile.
    expect(screen.getByRole('button', { name: 'Adjuntar archivo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Añadir enlace' })).toBeDisabled();

    act(
      () =>
        void store.dispatch(campaignsActions.evidenceAdded({ question: 7, item: ITEM, change: { userEmail: 'user@demo.es', at: '2026-03-12T09:14:00.000Z' } })),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(within(screen.getByTestId('evidence-item')).getByRole('button', { name: 'informe.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adjuntar archivo' })).toBeEnabled();
  });

  it('keeps the indeterminate bar for a link, which has no bytes to count', () => {
    const { store } = renderNotes();
    act(() => void store.dispatch(campaignsActions.evidenceLinkRequested({ campaignId: 5, question: 7, url: 'https://example.es/acta', title: null })));
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveTextContent('Guardando la evidencia…');
    expect(bar).toHaveClass('progress-bar-animated');
  });
});
