import { confusableWith, nameSkeleton } from '../../../../src/server/services/admin/confusableNames.js';

describe('confusable entity names', () => {
  const existing = ['Ayuntamiento de Carcaixent', 'Ayuntamiento de Alcañiz', 'Mancomunidad de la Ribera Alta'];

  it('gives a name with Cyrillic or Greek look-alikes the skeleton of the Latin name', () => {
    expect(nameSkeleton('\u0410yuntamiento de Carcaixent')).toBe(nameSkeleton('Ayuntamiento de Carcaixent'));
    expect(nameSkeleton('Ay\u03BFntamiento')).not.toBe(nameSkeleton('Ayuntamiento'));
  });

  it('finds the existing name a mixed-script name reads as, whatever its case, accents and spaces', () => {
    expect(confusableWith('\u0410yuntamiento de Carcaixent', existing)).toBe('Ayuntamiento de Carcaixent');
    expect(confusableWith('\u0410YUNTAMIENTO  DE  CARCAIXENT', existing)).toBe('Ayuntamiento de Carcaixent');
    expect(confusableWith('Mancomunidad de la Rib\u0435ra Alta', existing)).toBe('Mancomunidad de la Ribera Alta');
    expect(confusableWith('\u0410yuntamiento de Alca\u00F1iz', existing)).toBe('Ayuntamiento de Alcañiz');
  });

  it('leaves Latin names alone, even those that differ by an accent, and foreign names that read as no other', () => {
    expect(confusableWith('Ayuntamiento de Alcaniz', existing)).toBeUndefined();
    expect(confusableWith('Ayuntamiento de Carcaixent', existing)).toBeUndefined();
    expect(confusableWith("Ajuntament de l'Alcúdia", existing)).toBeUndefined();
    expect(confusableWith('Δήμος Αθηναίων', existing)).toBeUndefined();
    expect(confusableWith('\u0410yuntamiento de Carcaixent', [])).toBeUndefined();
  });
});
