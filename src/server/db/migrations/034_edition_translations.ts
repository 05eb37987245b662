/**
 * An edition's texts in other languages (catalogue/FORMAT.md, 'Translations'): each node keeps its translations as
 * its file writes them, by language and then by field (`{"ca": {"text": "…"}}`; an edition's title under
 * `title`). Categories are shared by editions and renamed by an import, and so are their translations. New columns,
 * empty for what was imported before: every row and every figure is kept, and every text reads in Spanish as before.
 */
export default /* sql */ `
ALTER TABLE editions ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE categories ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE indicators ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE subindicators ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE responses ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;
`;
