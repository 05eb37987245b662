import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { usePartsInTurns } from '../../../src/client/lib/partsInTurns.js';

/** A page of `total` parts that notes which parts each commit showed. */
function Page({ total, commits }: { total: number; commits: number[][] }) {
  const { mounted, done } = usePartsInTurns(total);
  const parts = Array.from({ length: mounted }, (_, i) => i);
  useEffect(() => void commits.push(parts));
  return (
    <div data-testid="page" aria-busy={!done}>
      {parts.map((i) => (
        <p key={i}>{`part ${i}`}</p>
      ))}
    </div>
  );
}

const print = (event: 'beforeprint' | 'afterprint') => act(() => void window.dispatchEvent(new Event(event)));

describe('parts in turns', () => {
  it('mounts the first part at once, then one more per commit, in order, until all are there', async () => {
    const commits: number[][] = [];
    render(<Page total={4} commits={commits} />);
    expect(commits[0]).toEqual([0]);
    expect(screen.getByTestId('page')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(screen.getByTestId('page')).toHaveAttribute('aria-busy', 'false'));
    expect(commits).toEqual([[0], [0, 1], [0, 1, 2], [0, 1, 2, 3]]);
    expect(screen.getAllByText(/^part/).map((p) => p.textContent)).toEqual(['part 0', 'part 1', 'part 2', 'part 3']);
  });

  it('mounts every part at once for printing, and keeps them after', async () => {
    const commits: number[][] = [];
    render(<Page total={12} commits={commits} />);
    print('beforeprint');
    expect(screen.getAllByText(/^part/)).toHaveLength(12);
    expect(screen.getByTestId('page')).toHaveAttribute('aria-busy', 'false');
    print('afterprint');
    expect(screen.getAllByText(/^part/)).toHaveLength(12);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByText(/^part/)).toHaveLength(12);
  });

  it('follows a page that grows or shrinks', async () => {
    const commits: number[][] = [];
    const { rerender } = render(<Page total={2} commits={commits} />);
    await waitFor(() => expect(screen.getAllByText(/^part/)).toHaveLength(2));
    rerender(<Page total={5} commits={commits} />);
    await waitFor(() => expect(screen.getAllByText(/^part/)).toHaveLength(5));
    rerender(<Page total={1} commits={commits} />);
    expect(screen.getAllByText(/^part/)).toHaveLength(1);
    expect(screen.getByTestId('page')).toHaveAttribute('aria-busy', 'false');
  });
});
