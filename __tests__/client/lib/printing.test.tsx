import { act, render, screen } from '@testing-library/react';
import { loadBeforePrinting, readyToPrint, usePrinting, useShownWhenOpen } from '../../../src/client/lib/printing.js';

function Section({ open }: { open: boolean }) {
  const shown = useShownWhenOpen(open);
  const printing = usePrinting();
  return <p data-testid="section">{`${shown ? 'shown' : 'hidden'} ${printing ? 'printing' : 'screen'}`}</p>;
}

const print = (event: 'beforeprint' | 'afterprint') => act(() => void window.dispatchEvent(new Event(event)));

describe('printing', () => {
  it('lays out a closed section once opened, keeps it when closed, and while printing', () => {
    const { rerender } = render(<Section open={false} />);
    expect(screen.getByTestId('section')).toHaveTextContent('hidden screen');
    print('beforeprint');
    expect(screen.getByTestId('section')).toHaveTextContent('shown printing');
    print('afterprint');
    expect(screen.getByTestId('section')).toHaveTextContent('hidden screen');
    rerender(<Section open />);
    rerender(<Section open={false} />);
    expect(screen.getByTestId('section')).toHaveTextContent('shown screen');
  });

  it('starts the loads only printing needs when asked to print, and waits for them (a failed one too)', async () => {
    let calls = 0;
    let load: () => void = () => undefined;
    loadBeforePrinting(() => {
      calls += 1;
      return new Promise<void>((resolve) => (load = resolve));
    });
    loadBeforePrinting(() => Promise.reject(new Error('map chunk failed')));
    expect(calls).toBe(0);
    let ready = false;
    void readyToPrint().then(() => (ready = true));
    expect(calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false);
    load();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ready).toBe(true);
  });
});
