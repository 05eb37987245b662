import type { Queryable } from '../db/client.js';
import { loadEditionCatalogue } from '../db/repositories/editions.js';
import { diffEditions } from '../catalogue/diff.js';

/**
 * Which policies (category ids) of an edition changed their questions or points since an earlier edition
 * (catalogue/diff.ts, the function the editions page's preview uses), kept per pair of editions. Editions are
 * never updated after their import; the catalogue version (the list of edition ids) drops every kept pair when
 * an edition is imported, as the questionnaire cache does.
 */
export class EditionChanges {
  private version: string | undefined;
  private readonly pairs = new Map<string, Promise<ReadonlySet<number>>>();

  constructor(private readonly db: Queryable) {}

  changedPolicies(previousEditionId: number, editionId: number, catalogueVersion: string): Promise<ReadonlySet<number>> {
    if (catalogueVersion !== this.version) {
      this.pairs.clear();
      this.version = catalogueVersion;
    }
    const key = `${previousEditionId}:${editionId}`;
    let entry = this.pairs.get(key);
    if (!entry) {
      entry = this.load(previousEditionId, editionId);
      entry.catch(() => this.pairs.delete(key));
      this.pairs.set(key, entry);
    }
    return entry;
  }

  private async load(previousEditionId: number, editionId: number): Promise<ReadonlySet<number>> {
    const [before, after] = await Promise.all([loadEditionCatalogue(this.db, previousEditionId), loadEditionCatalogue(this.db, editionId)]);
    return new Set(diffEditions(before.catalogue, after.catalogue).changedPolicies.map((code) => after.policyIds.get(code)!));
  }
}
