/**
 * Sample reps and retailers for a new install: realistic farm towns across the Corn Belt, the
 * Plains, the Delta, the West, the Prairies, Ontario and Quebec, so searches near real places
 * return results. Names, addresses, emails (.example) and 555-01xx phone numbers are fictional.
 */

export interface SeedRep {
  name: string;
  title: string;
  email: string;
  phone: string;
  regionId: 2 | 3;
  territories: [kind: 'state' | 'zip_prefix' | 'zip' | 'province' | 'fsa', value: string][];
}

const states = (...codes: string[]) => codes.map((c) => ['state', c] as ['state', string]);
const provinces = (...codes: string[]) => codes.map((c) => ['province', c] as ['province', string]);

export const SEED_REPS: SeedRep[] = [
  { name: 'Megan Alvarez', title: 'Territory Manager, Central Iowa', email: 'megan.alvarez@northfieldag.example', phone: '(515) 555-0101', regionId: 2, territories: [['zip_prefix', '500'], ['zip_prefix', '501'], ['zip_prefix', '502']] },
  { name: 'Tom Becker', title: 'Territory Manager, Iowa', email: 'tom.becker@northfieldag.example', phone: '(319) 555-0102', regionId: 2, territories: states('IA') },
  { name: 'Ben Carter', title: 'Agronomist, Champaign County', email: 'ben.carter@northfieldag.example', phone: '(217) 555-0103', regionId: 2, territories: [['zip', '61820'], ['zip', '61821'], ['zip', '61822'], ['zip', '61853'], ['zip', '61866']] },
  { name: 'Karen O\u2019Neil', title: 'Territory Manager, Illinois and Indiana', email: 'karen.oneil@northfieldag.example', phone: '(309) 555-0104', regionId: 2, territories: states('IL', 'IN') },
  { name: 'Luis Ortega', title: 'Territory Manager, Nebraska and Kansas', email: 'luis.ortega@northfieldag.example', phone: '(308) 555-0105', regionId: 2, territories: states('NE', 'KS') },
  { name: 'Erik Johansson', title: 'Territory Manager, Minnesota and the Dakotas', email: 'erik.johansson@northfieldag.example', phone: '(701) 555-0106', regionId: 2, territories: states('MN', 'ND', 'SD') },
  { name: 'Rachel Kim', title: 'Territory Manager, Eastern Corn Belt', email: 'rachel.kim@northfieldag.example', phone: '(419) 555-0107', regionId: 2, territories: states('OH', 'MI', 'WI') },
  { name: 'Darnell Brooks', title: 'Territory Manager, Mid-South and Southeast', email: 'darnell.brooks@northfieldag.example', phone: '(870) 555-0108', regionId: 2, territories: states('AR', 'MS', 'LA', 'TN', 'KY', 'AL', 'GA', 'FL', 'SC', 'NC') },
  { name: 'Sarah Whitfield', title: 'Territory Manager, Southern Plains and Missouri', email: 'sarah.whitfield@northfieldag.example', phone: '(806) 555-0109', regionId: 2, territories: states('TX', 'OK', 'NM', 'MO') },
  { name: 'Jake Morrison', title: 'Territory Manager, West', email: 'jake.morrison@northfieldag.example', phone: '(509) 555-0110', regionId: 2, territories: states('CA', 'WA', 'OR', 'ID', 'MT', 'CO', 'UT', 'AZ', 'NV', 'WY', 'AK', 'HI') },
  { name: 'Priya Patel', title: 'Territory Manager, Northeast and Mid-Atlantic', email: 'priya.patel@northfieldag.example', phone: '(717) 555-0111', regionId: 2, territories: states('NY', 'PA', 'NJ', 'MD', 'DE', 'VA', 'WV', 'VT', 'NH', 'ME', 'MA', 'CT', 'RI', 'DC') },
  { name: 'Cole Anderson', title: 'Agronomist, Saskatoon and area', email: 'cole.anderson@northfieldag.example', phone: '(306) 555-0112', regionId: 3, territories: [['fsa', 'S7K'], ['fsa', 'S7H'], ['fsa', 'S7N'], ['fsa', 'S0K']] },
  { name: 'Mark Sawchuk', title: 'Territory Manager, Saskatchewan', email: 'mark.sawchuk@northfieldag.example', phone: '(306) 555-0113', regionId: 3, territories: provinces('SK') },
  { name: 'Heather MacLeod', title: 'Territory Manager, Alberta, B.C. and the North', email: 'heather.macleod@northfieldag.example', phone: '(403) 555-0114', regionId: 3, territories: provinces('AB', 'BC', 'YT', 'NT', 'NU') },
  { name: 'Dave Friesen', title: 'Territory Manager, Manitoba', email: 'dave.friesen@northfieldag.example', phone: '(204) 555-0115', regionId: 3, territories: provinces('MB') },
  { name: 'Anne Dubois', title: 'Territory Manager, Ontario', email: 'anne.dubois@northfieldag.example', phone: '(519) 555-0116', regionId: 3, territories: provinces('ON') },
  { name: 'Julie Tremblay', title: 'Territory Manager, Quebec and Atlantic Canada', email: 'julie.tremblay@northfieldag.example', phone: '(450) 555-0117', regionId: 3, territories: provinces('QC', 'NB', 'NS', 'PE', 'NL') },
];

const US_AREA: Record<string, string> = {
  IA: '515', IL: '217', IN: '765', NE: '308', KS: '785', MN: '507', ND: '701', SD: '605', OH: '419', MO: '573', WI: '920',
  MI: '989', TX: '806', CA: '559', WA: '509', ID: '208', AR: '870', MS: '662', KY: '270', NC: '919', GA: '229',
};
const NAME_PATTERNS = ['{city} Farmers Cooperative', '{county} Ag Supply', '{city} Agronomy Center', 'Heartland Crop Inputs \u2013 {city}', '{county} Grain & Agronomy', 'Prairie Gold Ag \u2013 {city}'];
const STREETS = ['Elevator Rd', 'Industrial Pkwy', 'Co-op Dr', 'Highway 30', 'Railroad St', 'Main St', 'Agri Way', 'County Road 12'];
const US_PRODUCTS = ['AGROTAIN', 'ANVOL', 'CENTURO', 'SUPERU', 'WOLF TRAX', 'OPTRIENT', 'PROTIVATE'];

/** US retail locations by ZIP; town, state and coordinates come from the seeded ZIP centroids. */
export const SEED_US_RETAIL_ZIPS = [
  '50010', '50201', '50248', '50124', '50036', '50021', '50309', '50158', '52401', '50501', '50588', '50401', '51250', '51401',
  '50022', '51301', '50701', '50613', '50112', '61820', '61853', '61866', '61701', '62521', '61602', '60115', '62401', '61455',
  '62301', '60901', '47901', '46901', '47591', '47201', '68847', '68801', '68467', '68601', '68701', '69101', '68776', '67401',
  '67846', '67501', '66502', '56001', '56201', '56258', '55060', '56537', '58102', '58078', '58201', '58701', '58301', '57006',
  '57401', '57301', '57201', '57105', '45840', '44691', '43040', '63801', '64601', '65265', '54935', '54449', '48413', '79401',
  '79101', '79072', '93721', '95991', '93901', '99301', '98837', '99362', '83301', '72401', '72160', '38701', '42240', '27530',
  '31794',
];

function titleCase(s: string): string {
  return s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

function slug(s: string): string {
  return s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** A deterministic retailer for a ZIP centroid (index picks the name pattern, street and products). */
export function usRetailerFor(i: number, zip: { code: string; placeName: string; adminCode: string; county: string; latitude: number; longitude: number }) {
  const city = titleCase(zip.placeName);
  const name = NAME_PATTERNS[i % NAME_PATTERNS.length]!.replace('{city}', city).replace('{county}', `${zip.county} County`);
  const products = US_PRODUCTS.filter((_, k) => (i + k) % 3 !== 0 || k === 0);
  return {
    name,
    address: `${100 + ((i * 137) % 2900)} ${STREETS[i % STREETS.length]}`,
    city,
    state: zip.adminCode,
    postalCode: zip.code,
    country: 'US',
    // a little way from the ZIP centroid, as a real yard would be
    latitude: Math.round((zip.latitude + (((i * 7) % 11) - 5) * 0.006) * 1e5) / 1e5,
    longitude: Math.round((zip.longitude + (((i * 5) % 13) - 6) * 0.006) * 1e5) / 1e5,
    phone: `(${US_AREA[zip.adminCode] ?? '800'}) 555-0${String(100 + (i % 100)).padStart(3, '0')}`,
    website: `https://www.${slug(name)}.example`,
    products,
  };
}

export const SEED_CA_RETAILERS = [
  { name: 'Saskatoon Farm Supply', address: '2510 Millar Ave', city: 'Saskatoon', state: 'SK', postalCode: 'S7K 4K4', latitude: 52.156, longitude: -106.652 },
  { name: 'Warman Agro Centre', address: '301 Central St W', city: 'Warman', state: 'SK', postalCode: 'S0K 4S0', latitude: 52.322, longitude: -106.584 },
  { name: 'Rosthern Co-op Agro', address: '1006 6th St', city: 'Rosthern', state: 'SK', postalCode: 'S0K 3R0', latitude: 52.664, longitude: -106.333 },
  { name: 'Queen City Crop Inputs', address: '1440 Fleet St', city: 'Regina', state: 'SK', postalCode: 'S4N 7B1', latitude: 50.452, longitude: -104.559 },
  { name: 'Swift Current Agronomy', address: '1550 North Service Rd W', city: 'Swift Current', state: 'SK', postalCode: 'S9H 3X6', latitude: 50.297, longitude: -107.815 },
  { name: 'Yorkton Ag Partners', address: '85 Dracup Ave', city: 'Yorkton', state: 'SK', postalCode: 'S3N 3W1', latitude: 51.219, longitude: -102.476 },
  { name: 'Prince Albert Grain & Input', address: '3500 2nd Ave W', city: 'Prince Albert', state: 'SK', postalCode: 'S6V 5G2', latitude: 53.186, longitude: -105.771 },
  { name: 'Battlefords Agro Services', address: '11402 Railway Ave E', city: 'North Battleford', state: 'SK', postalCode: 'S9A 3P7', latitude: 52.768, longitude: -108.274 },
  { name: 'Moose Jaw Farm Centre', address: '1755 Stadacona St W', city: 'Moose Jaw', state: 'SK', postalCode: 'S6H 7K6', latitude: 50.405, longitude: -105.566 },
  { name: 'Foothills Agri Inputs', address: '4820 52 St SE', city: 'Calgary', state: 'AB', postalCode: 'T2C 4N4', latitude: 50.996, longitude: -113.969 },
  { name: 'Lethbridge Crop Supply', address: '3204 9 Ave N', city: 'Lethbridge', state: 'AB', postalCode: 'T1H 5E4', latitude: 49.705, longitude: -112.791 },
  { name: 'Central Alberta Agronomy', address: '7550 Edgar Industrial Dr', city: 'Red Deer', state: 'AB', postalCode: 'T4P 3R2', latitude: 52.302, longitude: -113.796 },
  { name: 'Capital Region Ag Supply', address: '12810 170 St NW', city: 'Edmonton', state: 'AB', postalCode: 'T5V 1L6', latitude: 53.588, longitude: -113.618 },
  { name: 'Peace Country Farm Inputs', address: '11002 89 Ave', city: 'Grande Prairie', state: 'AB', postalCode: 'T8V 6R8', latitude: 55.166, longitude: -118.817 },
  { name: 'Border City Agro', address: '5302 44 St', city: 'Lloydminster', state: 'AB', postalCode: 'T9V 0A9', latitude: 53.276, longitude: -110.021 },
  { name: 'Red River Crop Inputs', address: '1680 Dugald Rd', city: 'Winnipeg', state: 'MB', postalCode: 'R2J 0H3', latitude: 49.888, longitude: -97.069 },
  { name: 'Westman Agronomy', address: '1655 18th St N', city: 'Brandon', state: 'MB', postalCode: 'R7C 1B1', latitude: 49.862, longitude: -99.964 },
  { name: 'Portage Farm Supply', address: '2200 Saskatchewan Ave W', city: 'Portage la Prairie', state: 'MB', postalCode: 'R1N 3B3', latitude: 49.972, longitude: -98.327 },
  { name: 'Southeast Ag Services', address: '84 PTH 12 N', city: 'Steinbach', state: 'MB', postalCode: 'R5G 1T5', latitude: 49.541, longitude: -96.683 },
  { name: 'Royal City Agronomy', address: '450 Laird Rd', city: 'Guelph', state: 'ON', postalCode: 'N1G 4W1', latitude: 43.509, longitude: -80.224 },
  { name: 'Middlesex Crop Services', address: '2850 Oxford St W', city: 'London', state: 'ON', postalCode: 'N6H 5L4', latitude: 42.975, longitude: -81.318 },
  { name: 'Kent County Ag Supply', address: '675 Richmond St', city: 'Chatham', state: 'ON', postalCode: 'N7M 5J5', latitude: 42.398, longitude: -82.176 },
  { name: 'Perth County Agri', address: '1020 Ontario St', city: 'Stratford', state: 'ON', postalCode: 'N5A 6Z3', latitude: 43.374, longitude: -80.958 },
  { name: 'Oxford Farm Inputs', address: '895 Juliana Dr', city: 'Woodstock', state: 'ON', postalCode: 'N4S 8Z3', latitude: 43.147, longitude: -80.738 },
  { name: 'Ottawa Valley Agronomy', address: '5600 Hazeldean Rd', city: 'Stittsville', state: 'ON', postalCode: 'K2S 1B9', latitude: 45.263, longitude: -75.919 },
  { name: 'Montérégie Intrants Agricoles', address: '3200 boul. Laframboise', city: 'Saint-Hyacinthe', state: 'QC', postalCode: 'J2S 4Z6', latitude: 45.638, longitude: -72.953 },
  { name: 'Centre-du-Québec Agro', address: '1250 boul. Lemire', city: 'Drummondville', state: 'QC', postalCode: 'J2B 6Y8', latitude: 45.888, longitude: -72.507 },
  { name: 'Okanagan Orchard & Field Supply', address: '2280 Leckie Rd', city: 'Kelowna', state: 'BC', postalCode: 'V1X 6G6', latitude: 49.885, longitude: -119.433 },
  { name: 'South Peace Ag Supply', address: '1105 Alaska Ave', city: 'Dawson Creek', state: 'BC', postalCode: 'V1G 1Z6', latitude: 55.757, longitude: -120.249 },
  { name: 'Fraser Valley Crop Centre', address: '31780 South Fraser Way', city: 'Abbotsford', state: 'BC', postalCode: 'V2T 1V1', latitude: 49.046, longitude: -122.326 },
  { name: 'Maritime Farm Inputs', address: '96 Robie St', city: 'Truro', state: 'NS', postalCode: 'B2N 1L1', latitude: 45.366, longitude: -63.269 },
  { name: 'Island Agronomy', address: '245 Mt Edward Rd', city: 'Charlottetown', state: 'PE', postalCode: 'C1E 2A1', latitude: 46.267, longitude: -63.146 },
  { name: 'Moncton Agri Supply', address: '1100 Mountain Rd', city: 'Moncton', state: 'NB', postalCode: 'E1C 2T1', latitude: 46.108, longitude: -64.808 },
];

export const CA_PRODUCTS = ['AGROTAIN', 'ANVOL', 'CENTURO', 'SUPERU', 'WOLF TRAX', 'ROCKET SEEDS', 'NITAMIN', 'SYNTHOS', 'TRIBUNE', 'PROTIVATE'];
const CA_AREA: Record<string, string> = { SK: '306', AB: '403', MB: '204', ON: '519', QC: '450', BC: '250', NS: '902', PE: '902', NB: '506' };

export function caRetailerFor(i: number, r: (typeof SEED_CA_RETAILERS)[number]) {
  return {
    ...r,
    country: 'CA',
    phone: `(${CA_AREA[r.state] ?? '306'}) 555-0${String(150 + (i % 50)).padStart(3, '0')}`,
    website: `https://www.${slug(r.name)}.example`,
    products: CA_PRODUCTS.filter((_, k) => (i + k) % 3 !== 1 || k === 0),
  };
}

/**
 * Approximate centroids of Canadian forward sortation areas in farm country and the main centres,
 * so Canadian searches work out of the box. `npm run geo:import` with GeoNames' CA file replaces
 * and completes them; codes not listed here fall back to their province.
 */
export const SEED_CA_FSAS: [fsa: string, place: string, province: string, lat: number, lng: number][] = [
  ['S7K', 'Saskatoon North', 'SK', 52.16, -106.66], ['S7H', 'Saskatoon South', 'SK', 52.11, -106.63], ['S7N', 'Saskatoon East', 'SK', 52.13, -106.6],
  ['S4P', 'Regina Central', 'SK', 50.45, -104.61], ['S4N', 'Regina East', 'SK', 50.45, -104.55], ['S9H', 'Swift Current', 'SK', 50.29, -107.8],
  ['S6H', 'Moose Jaw', 'SK', 50.39, -105.54], ['S3N', 'Yorkton', 'SK', 51.21, -102.46], ['S6V', 'Prince Albert', 'SK', 53.19, -105.76],
  ['S9A', 'North Battleford', 'SK', 52.76, -108.29], ['S0K', 'Central Saskatchewan', 'SK', 52.35, -106.3], ['S0G', 'South-central Saskatchewan', 'SK', 50.6, -104.3],
  ['S0L', 'West-central Saskatchewan', 'SK', 51.6, -108.6], ['S0A', 'East-central Saskatchewan', 'SK', 51.6, -102.6], ['S0C', 'Southeast Saskatchewan', 'SK', 49.4, -103.0],
  ['S0E', 'Northeast Saskatchewan', 'SK', 52.8, -104.0], ['S0H', 'South Saskatchewan', 'SK', 49.9, -106.1], ['S0J', 'North Saskatchewan', 'SK', 53.6, -106.0],
  ['S0M', 'Northwest Saskatchewan', 'SK', 53.3, -108.6], ['S0N', 'Southwest Saskatchewan', 'SK', 49.8, -108.6],
  ['T2P', 'Calgary Downtown', 'AB', 51.05, -114.07], ['T2C', 'Calgary Southeast', 'AB', 50.99, -113.98], ['T1H', 'Lethbridge North', 'AB', 49.71, -112.8],
  ['T1J', 'Lethbridge', 'AB', 49.69, -112.84], ['T4N', 'Red Deer', 'AB', 52.27, -113.81], ['T4P', 'Red Deer North', 'AB', 52.3, -113.8],
  ['T5J', 'Edmonton Downtown', 'AB', 53.54, -113.49], ['T5V', 'Edmonton Northwest', 'AB', 53.59, -113.6], ['T8V', 'Grande Prairie', 'AB', 55.17, -118.8],
  ['T9V', 'Lloydminster', 'AB', 53.28, -110.0], ['T0A', 'Northeast Alberta', 'AB', 54.1, -112.3], ['T0B', 'East-central Alberta', 'AB', 52.8, -111.5],
  ['T0C', 'Central Alberta', 'AB', 52.6, -113.4], ['T0E', 'West-central Alberta', 'AB', 53.5, -115.4], ['T0G', 'North-central Alberta', 'AB', 55.4, -114.5],
  ['T0H', 'Peace Region', 'AB', 55.9, -118.0], ['T0J', 'Southeast Alberta', 'AB', 50.6, -111.4], ['T0K', 'South Alberta', 'AB', 49.5, -112.6],
  ['T0L', 'Southwest Alberta', 'AB', 50.3, -113.8], ['T0M', 'South-central Alberta', 'AB', 51.8, -113.8],
  ['R3C', 'Winnipeg Downtown', 'MB', 49.9, -97.14], ['R2J', 'Winnipeg East', 'MB', 49.88, -97.07], ['R7A', 'Brandon', 'MB', 49.85, -99.95],
  ['R7C', 'Brandon North', 'MB', 49.87, -99.96], ['R1N', 'Portage la Prairie', 'MB', 49.97, -98.29], ['R5G', 'Steinbach', 'MB', 49.53, -96.68],
  ['R0A', 'Southeast Manitoba', 'MB', 49.4, -97.0], ['R0C', 'Interlake', 'MB', 50.7, -97.4], ['R0E', 'Eastern Manitoba', 'MB', 50.3, -96.0],
  ['R0G', 'South-central Manitoba', 'MB', 49.3, -98.2], ['R0H', 'Central Manitoba', 'MB', 50.0, -98.4], ['R0J', 'West Manitoba', 'MB', 50.5, -100.0],
  ['R0K', 'Southwest Manitoba', 'MB', 49.5, -100.2], ['R0L', 'Northwest Manitoba', 'MB', 51.3, -100.5],
  ['N1G', 'Guelph South', 'ON', 43.53, -80.23], ['N1H', 'Guelph', 'ON', 43.55, -80.26], ['N6A', 'London Central', 'ON', 42.99, -81.25],
  ['N6H', 'London West', 'ON', 42.98, -81.31], ['N7M', 'Chatham', 'ON', 42.4, -82.19], ['N5A', 'Stratford', 'ON', 43.37, -80.98],
  ['N4S', 'Woodstock', 'ON', 43.13, -80.75], ['N2G', 'Kitchener Central', 'ON', 43.45, -80.49], ['N0B', 'Waterloo Region', 'ON', 43.5, -80.4],
  ['N0M', 'Huron County', 'ON', 43.5, -81.5], ['N0P', 'Chatham-Kent', 'ON', 42.4, -82.0], ['N0K', 'Perth County', 'ON', 43.4, -81.0],
  ['N0L', 'Middlesex County', 'ON', 42.9, -81.5], ['N0G', 'Grey-Bruce', 'ON', 44.0, -81.0], ['K0A', 'Eastern Ontario', 'ON', 45.2, -75.6],
  ['K1P', 'Ottawa Centre', 'ON', 45.42, -75.7], ['K2S', 'Stittsville', 'ON', 45.26, -75.92], ['M5V', 'Toronto Downtown', 'ON', 43.64, -79.39],
  ['H2Y', 'Montréal (Vieux-Montréal)', 'QC', 45.5, -73.56], ['J2S', 'Saint-Hyacinthe', 'QC', 45.62, -72.96], ['J2B', 'Drummondville', 'QC', 45.88, -72.48],
  ['J1H', 'Sherbrooke', 'QC', 45.4, -71.89], ['J0H', 'Montérégie Est', 'QC', 45.6, -72.8], ['J0L', 'Montérégie Ouest', 'QC', 45.3, -73.3],
  ['V1Y', 'Kelowna', 'BC', 49.89, -119.49], ['V1X', 'Kelowna East', 'BC', 49.88, -119.43], ['V1G', 'Dawson Creek', 'BC', 55.76, -120.24],
  ['V2S', 'Abbotsford', 'BC', 49.05, -122.31], ['V2T', 'Abbotsford West', 'BC', 49.05, -122.33],
  ['B2N', 'Truro', 'NS', 45.36, -63.28], ['C1A', 'Charlottetown', 'PE', 46.24, -63.13], ['C1E', 'Charlottetown North', 'PE', 46.27, -63.15],
  ['E1C', 'Moncton', 'NB', 46.09, -64.78],
];
