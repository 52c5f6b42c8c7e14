import type { FinderResultDto, RepResultDto, RetailerResultDto } from '#shared/dto/finder.ts';
import { parsePostalCode, unitFor, type FinderQuery, type PostalCode } from '#shared/validation/finder.ts';
import type { FinderRepository, PostalCentroidInput, RepRow } from './finder-repository.ts';
import { kmToMiles, milesToKm, nearestFirst, PROVINCE_CENTRES, type LatLng } from './geo.ts';
import { parseGeoNamesPostal } from './geonames.ts';
import { bestMatches, describeTerritory, type SearchLocation, type Territory } from './territory.ts';

/** Where territory routing sends a lead: a rep and the rule that matched, or nobody (with the code, when one was given). */
export type LeadRoute = { rep: RepRow; rule: string; postalCode: string } | { rep: null; postalCode: string | null };

const RESULT_LIMIT = 25;
const WIDENED_LIMIT = 3;

export function invalidCodeMessage(zip: string): string {
  return `"${zip}" is not a valid U.S. ZIP code or Canadian postal code. Enter a 5-digit ZIP code such as 50010, or a postal code such as S7K 1A1.`;
}

export function unknownZipMessage(zip: string): string {
  return `We could not find the ZIP code ${zip}. Check the number and try again.`;
}

interface Located {
  code: PostalCode;
  centre: LatLng;
  place: string;
  approximate: boolean;
  location: SearchLocation;
}

export function createFinderService(repo: FinderRepository) {
  async function locate(code: PostalCode): Promise<Located | null> {
    if (code.country === 'US') {
      const row = await repo.findPostalCode('US', code.code);
      if (!row) return null;
      return {
        code,
        centre: row,
        place: `${row.placeName}, ${row.adminCode} ${code.display}`,
        approximate: false,
        location: { country: 'US', zip: code.code, state: row.adminCode },
      };
    }
    const row = await repo.findPostalCode('CA', code.fsa);
    const location: SearchLocation = { country: 'CA', fsa: code.fsa, provinces: row?.adminCode ? [row.adminCode] : code.provinces };
    if (row) {
      return { code, centre: row, place: `${row.placeName}, ${row.adminCode} ${code.display}`, approximate: false, location };
    }
    const province = PROVINCE_CENTRES[code.provinces[0] ?? ''];
    if (!province) return null;
    return { code, centre: province, place: `${province.name} ${code.display}`, approximate: true, location };
  }

  /**
   * The active reps whose territory covers a place, by the finder's rules: only the most specific
   * kind of rule present counts (a ZIP, then the longest ZIP prefix, then the state; an FSA, then the
   * province), in the order the finder lists them (by name), each with the rule that matched.
   */
  async function repsCovering(location: SearchLocation): Promise<{ rep: RepRow & { territories: Territory[] }; rule: Territory }[]> {
    const best = bestMatches(await repo.territoriesNear(location), location);
    const reps = await repo.repsByIds([...new Set(best.map((t) => t.repId))]);
    return reps.map((rep) => ({ rep, rule: best.find((t) => t.repId === rep.id)! }));
  }

  return {
    /**
     * Territory routing of a lead (ADR 041): the rep a visitor with this ZIP or postal code would find
     * first under Find a Rep (the same search), or why there is none.
     */
    async routeLead(zip: string): Promise<LeadRoute> {
      const code = parsePostalCode(zip);
      if (!code) return { rep: null, postalCode: null };
      const found = await locate(code);
      const covering = found ? await repsCovering(found.location) : [];
      const first = covering[0];
      if (!first) return { rep: null, postalCode: code.display };
      const { territories: _all, ...rep } = first.rep;
      return { rep, rule: describeTerritory(first.rule), postalCode: code.display };
    },

    async search(query: FinderQuery): Promise<FinderResultDto> {
      const label = query.label;
      if (!query.zip) return { kind: 'empty', label };
      const code = parsePostalCode(query.zip);
      if (!code) return { kind: 'invalid', label, zip: query.zip, message: invalidCodeMessage(query.zip) };
      const found = await locate(code);
      if (!found) return { kind: 'invalid', label, zip: query.zip, message: unknownZipMessage(code.display) };
      const base = { label, zip: code.display, place: found.place, approximate: found.approximate, country: code.country };

      if (label === 'Reps') {
        const covering = await repsCovering(found.location);
        const results: RepResultDto[] = covering.map(({ rep: r, rule }) => ({
          id: r.id,
          name: r.name,
          title: r.title,
          photo: r.photo,
          email: r.email,
          phone: r.phone,
          matchedBy: describeTerritory(rule),
        }));
        return { ...base, kind: 'reps', results };
      }

      const unit = unitFor(code.country);
      const radiusMiles = unit === 'km' ? kmToMiles(query.radius) : query.radius;
      let rows = await repo.retailersWithin(found.centre, radiusMiles, RESULT_LIMIT);
      const widened = rows.length === 0;
      if (widened) rows = await repo.nearestRetailers(found.centre, WIDENED_LIMIT);
      const results: RetailerResultDto[] = nearestFirst(rows).map((r) => ({
        id: r.id,
        name: r.name,
        address: r.address,
        city: r.city,
        state: r.state,
        postalCode: r.postalCode,
        phone: r.phone,
        website: r.website,
        products: r.products,
        distance: Math.round((unit === 'km' ? milesToKm(r.distanceMiles) : r.distanceMiles) * 10) / 10,
      }));
      return { ...base, kind: 'retailers', unit, radius: query.radius, widened, results };
    },

    findActiveRep: (id: number) => repo.findActiveRep(id),
    findActiveRetailer: (id: number) => repo.findActiveRetailer(id),

    /** Adds or replaces centroids from a GeoNames postal-code file (US ZIPs, Canadian FSAs). */
    async importGeoNames(text: string): Promise<{ us: number; ca: number; skipped: number }> {
      const { centroids, skipped } = parseGeoNamesPostal(text);
      await repo.upsertPostalCodes(centroids satisfies PostalCentroidInput[]);
      return {
        us: centroids.filter((c) => c.country === 'US').length,
        ca: centroids.filter((c) => c.country === 'CA').length,
        skipped,
      };
    },
  };
}
export type FinderService = ReturnType<typeof createFinderService>;
