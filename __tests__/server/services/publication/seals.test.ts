import { sealBadgeSvg, sealThresholdsProblem, sortedThresholds } from '../../../../src/server/services/publication/seals.js';

describe('seals', () => {
  it('takes each population band once, and orders them by population, the unbounded one last', () => {
    const thresholds = [
      { maxPopulation: null, minPercentage: 0.8 },
      { maxPopulation: 10_000, minPercentage: 0.85 },
      { maxPopulation: 2_000, minPercentage: 0.9 },
    ];
    expect(sealThresholdsProblem(thresholds)).toBeNull();
    expect(sortedThresholds(thresholds).map((t) => t.maxPopulation)).toEqual([2_000, 10_000, null]);
    expect(sealThresholdsProblem([...thresholds, { maxPopulation: null, minPercentage: 0.5 }])).toBe('each population band once');
    expect(sealThresholdsProblem([])).toBeNull();
    // Percentages in tenths of a percent, as they are shown and compared.
    expect(sealThresholdsProblem([{ maxPopulation: null, minPercentage: 0.855 }])).toBeNull();
    expect(sealThresholdsProblem([{ maxPopulation: null, minPercentage: 0.8555 }])).toBe('each percentage in tenths of a percent');
  });

  it("draws the badge with the year, the entity's name escaped and shortened, and the percentage as Spain writes it", () => {
    const svg = sealBadgeSvg({ year: 2026, entity: 'Mancomunidad <Ribera> & "Vall" de l\'Albaida, la más larga de todas', percentage: 0.8734 });
    expect(svg).toContain('>Sello 2026<');
    expect(svg).toContain('87,3 %');
    expect(svg).toContain('Mancomunidad &lt;Ribera&gt; &amp; &quot;Vall&quot; de…');
    expect(svg).not.toMatch(/<script|href|<Ribera>/);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });
});
