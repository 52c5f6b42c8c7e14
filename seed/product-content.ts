import type { ContentModule } from '#shared/content-types.ts';
import type { AnalysisRow, ProductBenefit, ProductContent } from '#shared/product-content.ts';
import { REGION_CA, type ProductRegionId } from '#shared/regions.ts';
import { richText, roiList, testimonial } from './modules.ts';

/** Seed copy for the product pages: one entry per product line, adapted per region. */

/**
 * Copy that differs by region: US pages are in American English with US units, Canadian pages in
 * Canadian spelling with metric units. Plain strings read the same in both.
 */
export type RegionText = string | { us: string; ca: string };

export function textFor(text: RegionText, region: ProductRegionId): string {
  return typeof text === 'string' ? text : region === REGION_CA ? text.ca : text.us;
}

/** A product benefit whose title or text may differ by region. */
export interface BenefitSeed {
  title: RegionText;
  text: RegionText;
}

export function benefitsFor(benefits: readonly BenefitSeed[], region: ProductRegionId): ProductBenefit[] {
  return benefits.map((b) => ({ title: textFor(b.title, region), text: textFor(b.text, region) }));
}

export interface ProductLineSeed {
  lineKey: string;
  name: string;
  group: ProductContent['group'];
  family: 'nitrogen' | 'nutrient';
  tagline: string;
  summary: string;
  image: { alt: RegionText };
  benefits: BenefitSeed[];
  modules: (region: ProductRegionId) => ContentModule[];
  analysis?: AnalysisRow[];
  documentKeys: { 2?: string[]; 3?: string[] };
  /** related knowledge-center items, by slug */
  knowledge: string[];
  seo: { title: string; desc: RegionText };
}

const WOLF_TRAX_ANALYSIS: AnalysisRow[] = [
  { product: 'WOLF TRAX Zinc DDP', nutrient: 'Zinc', symbol: 'Zn', amount: 62, unit: '%' },
  { product: 'WOLF TRAX Boron DDP', nutrient: 'Boron', symbol: 'B', amount: 18, unit: '%' },
  { product: 'WOLF TRAX Copper DDP', nutrient: 'Copper', symbol: 'Cu', amount: 56.5, unit: '%' },
  { product: 'WOLF TRAX Iron DDP', nutrient: 'Iron', symbol: 'Fe', amount: 46.5, unit: '%' },
  { product: 'WOLF TRAX Manganese DDP', nutrient: 'Manganese', symbol: 'Mn', amount: 33, unit: '%' },
  { product: 'WOLF TRAX Magnesium DDP', nutrient: 'Magnesium', symbol: 'Mg', amount: 30, unit: '%' },
  { product: 'WOLF TRAX Calcium DDP', nutrient: 'Calcium', symbol: 'Ca', amount: 27, unit: '%' },
];

const WOLF_TRAX_DOCS = [
  'wolf-trax-zinc',
  'wolf-trax-boron',
  'wolf-trax-copper',
  'wolf-trax-iron',
  'wolf-trax-manganese',
  'wolf-trax-magnesium',
  'wolf-trax-calcium',
  'cropmix',
  'nu-trax-p',
  '3-trax',
];

const findRep = (region: ProductRegionId) => (region === REGION_CA ? '/find-a-rep-ca' : '/find-a-rep');
/** US or Canadian wording, inside a region's module copy. */
const say = (region: ProductRegionId, us: string, ca: string) => (region === REGION_CA ? ca : us);
const where = (region: ProductRegionId) =>
  region === REGION_CA ? 'across the Prairies and in Eastern Canada' : 'from the Corn Belt to the Delta';

export const PRODUCT_LINES: ProductLineSeed[] = [
  {
    lineKey: 'agrotain',
    name: 'AGROTAIN',
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Keeps surface-applied urea nitrogen in the field.',
    summary:
      'AGROTAIN nitrogen stabilizer slows the enzyme that turns urea into ammonia gas, so the nitrogen you paid for stays in the soil until rain or tillage moves it into the root zone.',
    image: { alt: 'Illustration of urea granules resting on a field of young corn under a clear sky' },
    benefits: [
      {
        title: 'Protection while you wait for rain',
        text: 'Holds surface-applied urea and UAN against volatilization loss for up to two weeks after application.',
      },
      {
        title: 'Freedom in your application window',
        text: 'Apply when the sprayer and spreader are ready, not only when the forecast is perfect.',
      },
      {
        title: 'More nitrogen for the crop',
        text: 'Nitrogen that stays in the field is nitrogen available at the growth stages that set yield.',
      },
      { title: 'Simple to add', text: 'Treated by your retailer on urea or blended into UAN, with no change to how you apply.' },
    ],
    modules: (region) => [
      richText(
        `<h2>Where surface-applied nitrogen goes</h2><p>Urea left on the soil surface starts to convert to ammonia within hours. Warm temperatures, high soil pH, crop residue and a light dew all speed the process up, and up to 40% of surface-applied urea can be lost through volatilization before a rain moves it into the soil.</p><p>AGROTAIN slows the urease enzyme that drives that conversion, buying the time it takes for a half-inch of rain or incorporation to protect the nitrogen. Growers ${where(region)} use it wherever urea or UAN goes on without immediate incorporation.</p>`,
      ),
      roiList(
        [
          'No-till and high-residue fields',
          'Residue holds urease activity at the surface.\nProtection matters most where urea sits on top of the trash.',
        ],
        [
          'Top-dress and side-dress passes',
          'In-season applications often go on warm, humid soil.\nAGROTAIN covers the gap until the next rain.',
        ],
        ['Pasture and forage', 'Surface-applied nitrogen is the only option on established stands.\nKeep it working for the next cutting.'],
      ),
      testimonial(
        `<p>We spread urea on a hot week in May and didn't see rain for ten days. The strips with AGROTAIN stayed dark green the whole way through. I won't go without it on top-dress again.</p><p><cite>Corn and soybean grower, ${region === REGION_CA ? 'Manitoba' : 'Iowa'}</cite></p>`,
      ),
    ],
    documentKeys: { 2: ['agrotain'], 3: ['agrotain'] },
    knowledge: ['keep-surface-applied-urea-in-the-field', 'nitrogen-loss-field-trials-summary', 'field-notes-podcast-nitrogen-timing'],
    seo: {
      title: 'AGROTAIN Nitrogen Stabilizer',
      desc: 'AGROTAIN protects surface-applied urea and UAN from volatilization loss, keeping more nitrogen in the field for your crop.',
    },
  },
  {
    lineKey: 'anvol',
    name: 'ANVOL',
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Dual-active protection for urea and UAN.',
    summary:
      'ANVOL combines two urease-inhibiting actives in one treatment, protecting surface-applied urea and UAN for longer when the weather does not cooperate.',
    image: { alt: 'Illustration of a shield above gold and blue fertilizer granules on a field' },
    benefits: [
      {
        title: 'Two actives, longer protection',
        text: 'A second active works alongside the first to extend protection against ammonia volatilization.',
      },
      { title: 'Made for urea and UAN', text: 'One product for the dry and liquid nitrogen programs on your farm.' },
      {
        title: 'Stable on treated urea',
        text: 'Treated urea can be stored and handled through the busy season with its protection intact.',
      },
      {
        title: 'Backed by field research',
        text: 'Tested across soils, residues and climates in replicated university and on-farm trials.',
      },
    ],
    modules: (region) => [
      richText(
        `<h2>Protection that lasts as long as the dry spell</h2><p>The longer urea sits on the surface without rain, the more nitrogen it can lose. ANVOL was developed for exactly those stretches: two urease-inhibiting actives slow the conversion of urea to ammonia gas, so more of the nitrogen is still there when the rain finally comes.</p><p>Ask your ${region === REGION_CA ? 'retailer' : 'retailer or rep'} about ANVOL-treated urea for pre-plant, top-dress and side-dress applications, or add it to UAN in the tank.</p>`,
      ),
      roiList(
        ['Urea', 'Treated at the retail plant.\nSpread it like any other urea.'],
        ['UAN', 'Added to the tank before application.\nCompatible with common herbicide programs; check the label.'],
        ['Blends', 'Works in blends with phosphate and potash.\nAsk about blending with WOLF TRAX micronutrients.'],
      ),
    ],
    documentKeys: { 2: ['anvol'], 3: ['anvol'] },
    knowledge: ['protecting-uan-at-sidedress', 'keep-surface-applied-urea-in-the-field', 'nitrogen-loss-field-trials-summary'],
    seo: {
      title: 'ANVOL Dual-Active Nitrogen Protection',
      desc: 'ANVOL uses two urease-inhibiting actives to protect surface-applied urea and UAN from volatilization for longer.',
    },
  },
  {
    lineKey: 'centuro',
    name: 'CENTURO',
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Holds ammonium nitrogen in the root zone longer.',
    summary:
      'CENTURO nitrification inhibitor slows the conversion of ammonium to nitrate, keeping nitrogen in the stable form that resists leaching and denitrification until the crop needs it.',
    image: { alt: 'Illustration of a soil profile with roots reaching nitrogen held in the root zone' },
    benefits: [
      {
        title: 'Keeps nitrogen where roots are',
        text: 'Ammonium clings to soil particles; nitrate moves with water. CENTURO keeps more nitrogen as ammonium for longer.',
      },
      { title: 'For anhydrous, UAN and manure', text: 'Protects fall- and spring-applied nitrogen from the sources you already use.' },
      { title: 'Non-corrosive', text: 'Easy on tanks, pumps and application equipment.' },
      { title: 'Fits your program', text: 'Pairs with AGROTAIN or ANVOL on UAN for protection above and below ground.' },
    ],
    modules: (region) => [
      richText(
        `<h2>Wet springs take nitrogen with them</h2><p>Once ammonium is converted to nitrate, heavy rain can carry it below the roots or saturated soils can release it as nitrous oxide. CENTURO slows the soil bacteria responsible for that conversion, so more nitrogen is still in the root zone when the crop begins its rapid uptake.</p><p>It is a fit for fall-applied anhydrous ammonia, early spring applications and manure programs ${where(region)}.</p>`,
      ),
      roiList(
        ['Anhydrous ammonia', 'Injected with the ammonia.\nProtection for fall and early spring applications.'],
        ['UAN', 'Tank-mixed before application.\nPair with a urease inhibitor when UAN stays on the surface.'],
        ['Liquid manure', 'Keeps manure nitrogen in the ammonium form longer.\nBetter value from every load.'],
      ),
    ],
    documentKeys: { 2: ['centuro'], 3: ['centuro'] },
    knowledge: ['fall-anhydrous-ammonia-stabilizers', 'protecting-uan-at-sidedress', 'nitrogen-loss-field-trials-summary'],
    seo: {
      title: 'CENTURO Nitrification Inhibitor',
      desc: 'CENTURO keeps nitrogen in the ammonium form longer, protecting anhydrous ammonia, UAN and manure nitrogen from leaching and denitrification.',
    },
  },
  {
    lineKey: 'superu',
    name: 'SUPERU',
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Stabilized urea with protection built into every granule.',
    summary:
      'SUPERU is urea with both a urease inhibitor and a nitrification inhibitor incorporated into every granule, protecting nitrogen above and below the ground in a single product.',
    image: { alt: 'Illustration of uniform fertilizer granules over a field of mature corn' },
    benefits: [
      { title: 'Protection above and below ground', text: 'Guards against volatilization, leaching and denitrification with one product.' },
      { title: 'Built into the granule', text: 'No on-site treatment: every granule carries the same protection.' },
      { title: 'Blends and spreads like urea', text: 'Uniform granules that blend with phosphate, potash and micronutrients.' },
      { title: 'One pass, full season', text: 'Apply pre-plant and keep nitrogen available through the season.' },
    ],
    modules: (region) => [
      richText(
        `<h2>Three loss pathways, one granule</h2><p>Nitrogen can leave a field three ways: as ammonia gas from the surface, as nitrate leaching with water, or as nitrous oxide from saturated soil. SUPERU addresses all three because both inhibitors are built into the urea itself during manufacturing.</p><p>That makes it a simple choice for growers ${where(region)} who want one pass of nitrogen to last until the crop needs it most.</p>`,
      ),
      testimonial(
        `<p>We moved our corn nitrogen to a single pre-plant pass of SUPERU. One less trip across the field in June, and the crop never ran short.</p><p><cite>Grower, ${region === REGION_CA ? 'Ontario' : 'Illinois'}</cite></p>`,
      ),
    ],
    documentKeys: { 2: ['superu'], 3: ['superu'] },
    knowledge: ['nitrogen-loss-field-trials-summary', 'field-notes-podcast-nitrogen-timing', 'keep-surface-applied-urea-in-the-field'],
    seo: {
      title: 'SUPERU Stabilized Nitrogen Fertilizer',
      desc: 'SUPERU stabilized urea carries a urease inhibitor and a nitrification inhibitor in every granule for full-season nitrogen protection.',
    },
  },
  {
    lineKey: 'wolf-trax',
    name: 'WOLF TRAX',
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Micronutrients coated on every granule for even coverage.',
    summary:
      'WOLF TRAX DDP micronutrients coat onto dry fertilizer granules, so zinc, boron, manganese and other micronutrients reach every part of the field instead of a few scattered particles.',
    image: {
      alt: {
        us: 'Illustration of fertilizer granules evenly coated with micronutrient powder in bright colors',
        ca: 'Illustration of fertilizer granules evenly coated with micronutrient powder in bright colours',
      },
    },
    benefits: [
      {
        title: 'Every granule carries nutrition',
        // about 2,000 granules per square metre is about 190 per square foot
        text: {
          us: 'The coating spreads micronutrients across hundreds of granules per square foot, close to every root.',
          ca: 'The coating spreads micronutrients across thousands of granules per square metre, close to every root.',
        },
      },
      { title: 'Concentrated nutrients', text: 'High guaranteed analysis means small rates deliver meaningful nutrition.' },
      { title: 'Blend-ready', text: 'Coats onto phosphate, potash, urea and blends at the retail blender.' },
      { title: 'Available from the first roots', text: 'Nutrients are placed with the fertilizer, where young roots find them early.' },
    ],
    modules: (region) => [
      richText(
        `<h2>Coverage is what makes micronutrients work</h2><p>${say(region, 'A few pounds of a granular micronutrient spread across an acre', 'A few kilograms of a granular micronutrient spread across a hectare')} leaves most plants without a particle within reach of their roots. WOLF TRAX DDP works differently: a fine, concentrated powder coats onto every granule of the fertilizer blend, so the nutrient lands wherever the fertilizer does.</p><p>Pick the nutrients your soil test and tissue tests point to, or use a pre-formulated blend such as CROPMIX, NU-TRAX P+ or 3-TRAX. Your ${region === REGION_CA ? 'retailer' : 'retailer or rep'} coats them onto the blend before it leaves the plant.</p>`,
      ),
      roiList(
        ['Corn and sorghum', `Zinc for early ${say(region, 'vigor', 'vigour')}.\nManganese where high pH ties it up.`],
        ['Soybeans and pulses', 'Manganese and iron on high-pH soils.\nBoron for pod set.'],
        ['Canola and alfalfa', 'Boron for flowering and seed set.\nCopper on organic soils.'],
      ),
    ],
    analysis: WOLF_TRAX_ANALYSIS,
    documentKeys: { 2: WOLF_TRAX_DOCS, 3: WOLF_TRAX_DOCS },
    knowledge: ['zinc-deficiency-in-corn', 'boron-in-soybeans', 'field-notes-podcast-micronutrients'],
    seo: {
      title: 'WOLF TRAX DDP Micronutrients',
      desc: 'WOLF TRAX DDP coats zinc, boron, copper, iron, manganese, magnesium and calcium onto every fertilizer granule for even micronutrient coverage.',
    },
  },
  {
    lineKey: 'optrient',
    name: 'OPTRIENT',
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Balanced early-season nutrition in one pass.',
    summary:
      'OPTRIENT delivers a balanced package of macro- and micronutrients with the starter pass, giving young plants what they need before their roots can reach deeper reserves.',
    image: { alt: 'Illustration of a row of young seedlings in a freshly planted field' },
    benefits: [
      { title: 'A strong start', text: 'Early nutrition supports root growth and even emergence.' },
      { title: 'One product, one pass', text: 'Fewer products to source, blend and apply at planting.' },
      { title: 'Balanced by design', text: 'Nutrients in proportions that match early-season crop demand.' },
      { title: 'Fits existing equipment', text: 'Applies with the planter or in a pre-plant blend.' },
    ],
    modules: () => [
      richText(
        '<h2>The first weeks set the ceiling</h2><p>Cool soils slow nutrient uptake just as the crop decides how many kernels, pods or tillers it will try to fill. OPTRIENT places a balanced supply of nutrients where the seedling can reach it, so early stress does not cap yield potential before the season has really started.</p>',
      ),
      roiList(
        ['Cold, wet springs', 'Roots grow slowly in cool soil.\nNutrients close to the seed close the gap.'],
        ['Reduced tillage', 'Stratified nutrients near the surface.\nBalanced starter nutrition evens it out.'],
      ),
    ],
    documentKeys: { 2: ['optrient'] },
    knowledge: ['soil-sampling-by-zone', 'stronger-starts-with-seed-applied-nutrition', 'plan-an-on-farm-strip-trial'],
    seo: {
      title: 'OPTRIENT Starter Nutrition',
      desc: 'OPTRIENT provides balanced early-season macro- and micronutrients in a single pass for stronger, more even crop establishment.',
    },
  },
  {
    lineKey: 'protivate',
    name: 'PROTIVATE',
    group: 'Seed Enhancement',
    family: 'nutrient',
    tagline: 'Seed-applied nutrition for a stronger start.',
    summary:
      'PROTIVATE seed treatments place micronutrients right on the seed, feeding the seedling from germination and supporting faster, more uniform emergence.',
    image: { alt: 'Illustration of coated seeds sprouting in rich soil' },
    benefits: [
      { title: 'Nutrition at germination', text: 'Nutrients are on the seed coat, available the moment the seed takes up water.' },
      {
        title: 'Uniform stands',
        text: {
          us: 'Even early vigor helps every plant compete on equal terms.',
          ca: 'Even early vigour helps every plant compete on equal terms.',
        },
      },
      { title: 'Good planter flow', text: 'Dry formulations designed to keep seed moving freely through the planter.' },
      { title: 'On-farm or commercial', text: 'Options for treating on the farm or through your seed dealer.' },
    ],
    modules: (region) => [
      richText(
        `<h2>Small rates, right where the seed is</h2><p>A seed treatment puts nutrients in the one place every plant is guaranteed to reach. PROTIVATE products are formulated to be applied with other seed treatments, keep seed flowing through the planter and deliver micronutrients from the first day.</p><p>Talk to your ${region === REGION_CA ? 'retailer' : 'rep'} about which product fits your seed and your treating setup.</p>`,
      ),
      roiList(
        ['NU4-DRI and NU5-DRI', 'Dry seed-applied micronutrients.\nA fit for treating on the farm.'],
        ['NU5-LUX', 'A seed-applied option for commercial treating.\nApplied by your seed dealer.'],
      ),
    ],
    documentKeys: { 2: ['protivate', 'nu4-dri', 'nu5-dri', 'nu5-lux'], 3: ['protivate'] },
    knowledge: ['stronger-starts-with-seed-applied-nutrition', 'pulse-crops-and-seed-treatments', 'field-notes-podcast-micronutrients'],
    seo: {
      title: 'PROTIVATE Seed-Applied Nutrition',
      desc: {
        us: 'PROTIVATE seed treatments deliver micronutrients on the seed for faster, more uniform emergence and early vigor.',
        ca: 'PROTIVATE seed treatments deliver micronutrients on the seed for faster, more uniform emergence and early vigour.',
      },
    },
  },
  {
    lineKey: 'nitamin',
    name: 'NITAMIN',
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Efficient liquid nitrogen for foliar and in-furrow use.',
    summary:
      'NITAMIN liquid nitrogen releases gradually, feeding the crop through the leaf or in the furrow with less risk of leaf burn than conventional liquid nitrogen.',
    image: { alt: 'Illustration of liquid droplets falling on a growing wheat crop' },
    benefits: [
      { title: 'Gentle on leaves', text: 'Lower salt index and slow release reduce the risk of leaf burn.' },
      { title: 'Feeds through the leaf', text: 'Delivers nitrogen directly when roots cannot keep up.' },
      { title: 'Tank-mix friendly', text: 'Combines with many crop protection passes to save a trip.' },
      { title: 'In-furrow option', text: 'A seed-safe source of nitrogen at planting.' },
    ],
    modules: () => [
      richText(
        '<h2>Nitrogen when the crop asks for it</h2><p>Protein in wheat and fill in canola depend on nitrogen late in the season, when soil supplies are often running low. NITAMIN gives you a way to feed the crop through the leaf at those moments, with a release profile that keeps more nitrogen on the plant and less on the ground.</p>',
      ),
      roiList(
        ['Wheat protein', 'Apply around flag leaf to heading.\nTarget protein premiums.'],
        ['In-furrow at seeding', 'A gentle nitrogen source near the seed.\nFollow label rates by crop.'],
      ),
    ],
    documentKeys: { 3: ['nitamin'] },
    knowledge: ['wheat-protein-late-nitrogen', 'spring-wheat-nitrogen-prairies', 'prairie-agronomy-podcast-spring-nitrogen'],
    seo: {
      title: 'NITAMIN Liquid Nitrogen',
      desc: 'NITAMIN slow-release liquid nitrogen for foliar and in-furrow application in Canadian cereals, oilseeds and specialty crops.',
    },
  },
  {
    lineKey: 'synthos',
    name: 'SYNTHOS',
    group: 'Nutrient Management',
    family: 'nutrient',
    tagline: 'Nitrogen and micronutrients in one blend-ready product.',
    summary:
      'SYNTHOS combines nitrogen with key micronutrients in a single granule, simplifying blends and putting balanced nutrition into every pass.',
    image: { alt: 'Illustration of mixed fertilizer granules in green and gold tones above a prairie field' },
    benefits: [
      { title: 'Fewer products in the blend', text: 'Nitrogen and micronutrients arrive together in one granule.' },
      { title: 'Even distribution', text: 'Consistent granule size spreads evenly with the rest of the blend.' },
      { title: 'Balanced nutrition', text: 'Supports the crop with nutrients that work together.' },
      { title: 'Simple logistics', text: 'One product to order, store and blend.' },
    ],
    modules: () => [
      richText(
        '<h2>Simplify the blend, not the nutrition</h2><p>Every extra product in a blend adds handling, segregation risk and time at the plant. SYNTHOS brings nitrogen and micronutrients together in one granule, so your retailer can build a balanced blend with fewer moving parts.</p>',
      ),
    ],
    documentKeys: { 3: ['synthos'] },
    knowledge: ['sulphur-for-canola', 'spring-wheat-nitrogen-prairies', 'soil-sampling-by-zone'],
    seo: {
      title: 'SYNTHOS Nitrogen and Micronutrient Granule',
      desc: 'SYNTHOS puts nitrogen and micronutrients in one blend-ready granule for simpler, balanced fertilizer blends in Canada.',
    },
  },
  {
    lineKey: 'tribune',
    name: 'TRIBUNE',
    group: 'Nutrient Protection',
    family: 'nitrogen',
    tagline: 'Nitrogen protection for western Canadian acres.',
    summary:
      'TRIBUNE protects nitrogen applied in the cool, variable conditions of the western Prairies, keeping more of it available for cereals and canola.',
    image: { alt: 'Illustration of a canola field in bloom under a wide prairie sky' },
    benefits: [
      { title: 'Built for Prairie conditions', text: 'Protection suited to cool soils, dry springs and late-season moisture.' },
      { title: 'Cereals and canola', text: 'Keeps nitrogen available through the growth stages that build yield and protein.' },
      { title: 'Fall or spring', text: 'Flexible timing for busy seeding and harvest seasons.' },
      { title: 'Local support', text: 'Backed by agronomists who work Prairie acres every season.' },
    ],
    modules: () => [
      richText(
        '<h2>Made for the way the Prairies farm</h2><p>Large acres, tight seeding windows and unpredictable spring moisture mean nitrogen often goes down well before the crop can use it. TRIBUNE is designed to protect that nitrogen through the gap, so more of it is there for cereals and canola when uptake peaks.</p>',
      ),
      testimonial(
        '<p>With the acres we run, some nitrogen has to go on in the fall. TRIBUNE gives us confidence it will still be there in June.</p><p><cite>Grain grower, Saskatchewan</cite></p>',
      ),
    ],
    documentKeys: { 3: ['tribune'] },
    knowledge: ['spring-wheat-nitrogen-prairies', 'prairie-agronomy-podcast-spring-nitrogen', 'sulphur-for-canola'],
    seo: {
      title: 'TRIBUNE Nitrogen Protection',
      desc: 'TRIBUNE protects fall- and spring-applied nitrogen in western Canadian conditions for cereals and canola.',
    },
  },
  {
    lineKey: 'rocket-seeds',
    name: 'ROCKET SEEDS',
    group: 'Seed Enhancement',
    family: 'nutrient',
    tagline: 'Seed treatments that feed the seedling from day one.',
    summary:
      'ROCKET SEEDS treatments deliver micronutrients on the seed for Canadian cereals, pulses and canola, supporting quick emergence in cool spring soils.',
    image: { alt: 'Illustration of treated seeds with bright coatings sprouting through cool soil' },
    benefits: [
      { title: 'Quick starts in cool soil', text: 'Nutrition on the seed supports emergence when soils are slow to warm.' },
      { title: 'Made for Canadian crops', text: 'Options for cereals, pulses and canola.' },
      { title: 'Flows with your treatment', text: 'Dry formulations that keep seed moving through drills and air seeders.' },
      { title: 'On-farm or commercial', text: 'Choose NU4-DRI or NU5-DRI on the farm, or NU5-LUX through your seed dealer.' },
    ],
    modules: () => [
      richText(
        '<h2>Feed the seed, not just the field</h2><p>Early-season deficiencies are hard to see and impossible to reverse. ROCKET SEEDS treatments place micronutrients on the seed so that every plant has access to them from germination, wherever the seed lands.</p>',
      ),
      roiList(
        ['Treating on the farm', 'NU4-DRI and NU5-DRI.\nDry products applied with your seed treatment.'],
        ['Commercial treating', 'NU5-LUX.\nApplied by your seed dealer.'],
      ),
    ],
    documentKeys: { 3: ['rocket-seeds', 'nu4-dri', 'nu5-dri', 'nu5-lux'] },
    knowledge: [
      'pulse-crops-and-seed-treatments',
      'stronger-starts-with-seed-applied-nutrition',
      'prairie-agronomy-podcast-spring-nitrogen',
    ],
    seo: {
      title: 'ROCKET SEEDS Seed-Applied Micronutrients',
      desc: 'ROCKET SEEDS seed treatments put micronutrients on the seed for quick emergence of Canadian cereals, pulses and canola.',
    },
  },
];

/** Extra closing module for every product page: where to buy it. */
export function findRepModule(name: string, region: ProductRegionId): ContentModule {
  return richText(
    `<h2>Where to get ${name}</h2><p>${name} is sold through agricultural retailers. <a href="${findRep(region)}">Find a rep or retailer near you</a>, or use the <a href="/product-selector">Product Selector</a> to see how it fits with the rest of your program.</p>`,
  );
}
