import type { Cta, LandingContent, LandingHero, LandingKind, LandingSection } from '#shared/landing-content.ts';
import type { MediaRef } from '#shared/content-types.ts';
import { REGION_US, REGION_CA, REGION_INT } from '#shared/regions.ts';
import { richText, roiList, testimonial } from './modules.ts';

/** Seed copy for the homes, the campaign pages and About. */

export interface LandingSeed {
  key: string;
  kind: LandingKind;
  path: string;
  regionIds: number[];
  content: LandingContent;
}

const img = (src: string, alttext: string): MediaRef => ({ previewsrc: src, alttext, width: 1200, height: 900 });

type Pair = [string, string];

const button = (label: string, to: string, style: Cta['style']): Cta => ({ label, to, style });

/** Big figures: [figure, sentence] pairs, under an optional heading. */
const claims = (heading: string | null, ...items: Pair[]): LandingSection => ({
  kind: 'claims',
  ...(heading === null ? {} : { heading }),
  items: items.map(([figure, text]) => ({ figure, text })),
});

/** Numbered steps or reasons: [headline, text] pairs, with an optional intro. */
const steps = (heading: string, intro: string | null, ...items: Pair[]): LandingSection => ({
  kind: 'steps',
  heading,
  ...(intro === null ? {} : { intro }),
  items: items.map(([headline, text]) => ({ headline, text })),
});

const callToAction = (heading: string, text: string, ...ctas: Cta[]): LandingSection => ({ kind: 'cta', heading, text, ctas });

const hero = (eyebrow: string, headline: string, promise: string, media: MediaRef, ...ctas: Cta[]): LandingHero => ({
  eyebrow,
  headline,
  promise,
  media,
  ctas,
});

const seo = (title: string, desc: string, ogtitle?: string) => ({ title, desc, ...(ogtitle === undefined ? {} : { ogtitle }) });

/** A landing page: where it lives, its title, hero, sections and SEO; the sharing image is the hero's. */
function landingPage(
  [key, kind, path, regionIds]: [key: string, kind: LandingKind, path: string, regionIds: number[]],
  title: string,
  heroBlock: LandingHero,
  sections: LandingSection[],
  seoBlock: ReturnType<typeof seo>,
): LandingSeed {
  const ogphoto = { previewsrc: heroBlock.media!.previewsrc };
  return { key, kind, path, regionIds, content: { title, hero: heroBlock, sections, seo: { ...seoBlock, ogphoto } } };
}

const CLAIM_40: Pair = ['40%', 'Up to 40% of surface-applied urea can be lost through volatilization.'];

export const LANDING_PAGES: LandingSeed[] = [
  landingPage(
    ['home-us', 'home', '/', [REGION_US]],
    'Crop Nutrient and Nitrogen Protection Products',
    hero(
      'Crop nutrition and nitrogen protection',
      'Put every unit of nitrogen to work',
      'Nitrogen stabilizers, micronutrients and seed enhancements, backed by agronomists who know your ground.',
      img('/images/home/us.svg', 'Illustration of a farm at sunrise with rows of corn leading to a red barn'),
      button('Product Selector', '/product-selector', 'accent'),
      button('Find a Rep', '/find-a-rep', 'ghost'),
    ),
    [
      claims(
        'Why protection pays',
        CLAIM_40,
        ['62%', 'Zinc in WOLF TRAX Zinc DDP, coated evenly onto every fertilizer granule.'],
        ['7', 'Micronutrients in the WOLF TRAX DDP line, from zinc and boron to calcium.'],
      ),
      {
        kind: 'products',
        heading: 'Solutions for every acre',
        intro: 'Protect the nitrogen you apply, balance the micronutrients your soil is missing and give every seed a strong start.',
        region: REGION_US,
      },
      {
        kind: 'feature',
        eyebrow: 'Nutrient protection',
        heading: 'Stop nitrogen loss where it starts',
        paragraphs: [
          'Nitrogen is the largest fertilizer investment on most farms, and it is also the easiest to lose. Urea on the surface can escape as ammonia gas within days; nitrate can wash below the roots after a heavy rain.',
          'AGROTAIN, ANVOL, CENTURO and SUPERU each target a different loss pathway, so you can protect the nitrogen you already use without changing how you apply it.',
        ],
        media: img('/images/features/rain-gauge.svg', 'Illustration of a rain gauge in a field with storm clouds on the horizon'),
        cta: button('See the clear choice', '/clear-choice', 'primary'),
      },
      {
        kind: 'feature',
        eyebrow: 'Nutrient management',
        heading: 'Micronutrients on every granule',
        paragraphs: [
          'Zinc, boron and manganese are needed in small amounts, but a deficiency caps yield just as surely as a shortage of nitrogen. The challenge is getting a few pounds of nutrient close to every plant.',
          'WOLF TRAX DDP coats micronutrients onto every granule of your blend, so they land wherever your fertilizer does.',
        ],
        media: img('/images/features/coated-granules.svg', 'Illustration of fertilizer granules coated with colorful micronutrient powder'),
        reverse: true,
        cta: button('Explore balanced nutrition', '/balanced-nutrition', 'primary'),
      },
      steps(
        'How we work with you',
        'Our products are sold through local retailers and supported by agronomists who spend the season in the field.',
        ['Test', 'Start with a soil test and the crop plan for each field.'],
        ['Plan', 'Match nitrogen sources, timing and protection to the way you farm.'],
        ['Protect', 'Add stabilizers and micronutrients where they pay back.'],
        ['Measure', 'Compare strips and yield maps, and refine the plan next season.'],
      ),
      {
        kind: 'modules',
        modules: [
          testimonial(
            '<p>Our retailer walked the fields with us, pulled tissue samples and showed us where zinc was holding the corn back. Two seasons later those are our most consistent acres.</p><p><cite>Corn and soybean grower, Nebraska</cite></p>',
          ),
        ],
      },
      callToAction(
        'Not sure where to start?',
        'Answer a few questions about your crop and your challenges, and we will suggest the products that fit.',
        button('Open the Product Selector', '/product-selector', 'accent'),
        button('Find a Rep', '/find-a-rep', 'ghost'),
      ),
    ],
    seo(
      'Crop Nutrient and Nitrogen Protection Products',
      'Nitrogen stabilizers, micronutrients and seed enhancements for U.S. growers and retailers. Find a rep, explore products and research.',
      'Put every unit of nitrogen to work',
    ),
  ),
  landingPage(
    ['home-ca', 'home', '/home-ca', [REGION_CA]],
    'Crop Nutrition for Canadian Growers',
    hero(
      'Crop nutrition for Canada',
      'More from every acre, coast to coast',
      'Nitrogen protection, micronutrients and seed treatments for Canadian crops, soils and seasons.',
      img('/images/home/ca.svg', 'Illustration of a tractor and air seeder crossing a flowering canola field under a wide prairie sky'),
      button('Product Selector', '/product-selector', 'accent'),
      button('Find a Rep', '/find-a-rep-ca', 'ghost'),
    ),
    [
      claims(
        'Nitrogen is worth protecting',
        CLAIM_40,
        ['18%', 'Boron in WOLF TRAX Boron DDP, for canola and alfalfa that set seed.'],
        ['10', 'Products for Canadian growers, from seed treatments to stabilized nitrogen.'],
      ),
      {
        kind: 'products',
        heading: 'Solutions for Canadian growers',
        intro: 'Registered and supported for Canadian conditions, from the Peace Country to the Maritimes.',
        region: REGION_CA,
      },
      {
        kind: 'feature',
        eyebrow: 'Built for short seasons',
        heading: 'Nitrogen that waits for the crop',
        paragraphs: [
          'On the Prairies, nitrogen often goes down in the fall or early spring, weeks before canola and cereals start rapid uptake. Cold soils, dry springs and sudden June rains all take their share.',
          'TRIBUNE, AGROTAIN, ANVOL, CENTURO and SUPERU keep more of that nitrogen in place until the crop can use it.',
        ],
        media: img('/images/features/prairie-seeding.svg', 'Illustration of an air seeder working a prairie field at dawn'),
        cta: button('Meet TRIBUNE', '/tribune-ca', 'primary'),
      },
      {
        kind: 'feature',
        eyebrow: 'Seed enhancement',
        heading: 'A fast start in cool soil',
        paragraphs: [
          'Seed that sits in cold soil needs every advantage. ROCKET SEEDS and PROTIVATE treatments put micronutrients directly on the seed, where the young plant can use them from germination.',
        ],
        media: img('/images/features/roots.svg', 'Illustration of a seedling with a strong root system growing in soil'),
        reverse: true,
        cta: button('Explore ROCKET SEEDS', '/rocket-seeds-ca', 'primary'),
      },
      {
        kind: 'modules',
        modules: [
          testimonial(
            '<p>We seed a lot of acres in a short window. Protected nitrogen lets us get fertilizer down when the equipment is free, and it is still there when the canola needs it.</p><p><cite>Grain grower, Alberta</cite></p>',
          ),
        ],
      },
      callToAction(
        'Talk to someone who farms near you',
        'Our Canadian agronomists and retail partners can help you build a plan for your acres.',
        button('Find a Rep', '/find-a-rep-ca', 'accent'),
        button('Contact Us', '/contact-ca', 'ghost'),
      ),
    ],
    seo(
      'Crop Nutrition for Canadian Growers',
      'Nitrogen protection, micronutrients and seed treatments for Canadian growers and retailers. Find a rep or retailer near you.',
      'More from every acre, coast to coast',
    ),
  ),
  landingPage(
    ['home-int', 'home', '/home-int', [REGION_INT]],
    'International Crop Nutrition',
    hero(
      'Worldwide',
      'Agronomic science for growers worldwide',
      'Our nitrogen protection and micronutrient technologies are available through distribution partners around the world.',
      img('/images/home/int.svg', 'Illustration of a globe rising above green fields'),
      button('Contact Us', '/contact', 'accent'),
    ),
    [
      claims('The same challenge on every continent', CLAIM_40, [
        '3',
        'Technology families: nitrogen protection, micronutrients and seed enhancement.',
      ]),
      steps(
        'What we offer internationally',
        null,
        ['Nitrogen protection', 'Urease and nitrification inhibitor technologies that keep applied nitrogen available to the crop.'],
        ['Micronutrients', 'Concentrated micronutrient coatings that spread evenly with granular fertilizer.'],
        ['Seed enhancement', 'Seed-applied nutrition for fast, uniform crop establishment.'],
      ),
      {
        kind: 'feature',
        eyebrow: 'Partnerships',
        heading: 'Working through local partners',
        paragraphs: [
          'Every market has its own crops, regulations and distribution. We work with fertilizer manufacturers, distributors and retailers who know their growers, and support them with agronomy, registration and technical service.',
          'Tell us where you farm or do business, and our international team will connect you with the right partner.',
        ],
        media: img('/images/features/global-partners.svg', 'Illustration of connected points, like partners on a map, above green fields'),
        cta: button('Contact our international team', '/contact', 'primary'),
      },
    ],
    seo(
      'International Crop Nutrition',
      'Enhanced-efficiency fertilizers and micronutrients for growers outside North America. Contact our international team.',
      'Agronomic science for growers worldwide',
    ),
  ),
  landingPage(
    ['clear-choice', 'campaign', '/clear-choice', [REGION_US, REGION_CA]],
    'The Clear Choice',
    hero(
      'Nitrogen protection',
      'The clear choice for protecting nitrogen',
      'Proven stabilizers for urea, UAN and anhydrous ammonia, so more of the nitrogen you buy ends up in the crop.',
      img(
        '/images/campaigns/clear-choice.svg',
        'Illustration of a clear sky over a field where protected nitrogen granules rest on the soil',
      ),
      button('Find a Rep', '/find-a-rep', 'accent'),
      button('Product Selector', '/product-selector', 'ghost'),
    ),
    [
      claims(
        null,
        CLAIM_40,
        ['3', 'Ways nitrogen leaves a field: volatilization, leaching and denitrification.'],
        ['1', 'Pass is all it takes when protection is built into the granule with SUPERU.'],
      ),
      steps(
        'Choosing the right protection',
        'The right stabilizer depends on your nitrogen source and how long it will sit before the crop uses it.',
        ['Urea on the surface', 'AGROTAIN or ANVOL slows the conversion of urea to ammonia gas until rain or tillage.'],
        ['UAN', 'ANVOL protects against volatilization; add CENTURO to hold nitrogen in the ammonium form.'],
        ['Anhydrous ammonia and manure', 'CENTURO slows nitrification, keeping nitrogen in the root zone longer.'],
        ['One product for all three', 'SUPERU builds both inhibitors into every urea granule.'],
      ),
      {
        kind: 'products',
        heading: 'Nitrogen protection products',
        region: REGION_US,
        slugs: ['agrotain', 'anvol', 'centuro', 'superu'],
      },
      {
        kind: 'modules',
        modules: [
          testimonial(
            '<p>We side-by-side tested protected and unprotected urea for three years. The protected strips won every year. That made the decision simple.</p><p><cite>Farm manager, Kansas</cite></p>',
          ),
        ],
      },
      callToAction(
        'Make protection part of the plan',
        'Your local rep can help you match the right stabilizer to every nitrogen pass.',
        button('Find a Rep', '/find-a-rep', 'accent'),
      ),
    ],
    seo(
      'The Clear Choice in Nitrogen Protection',
      'Compare AGROTAIN, ANVOL, CENTURO and SUPERU and choose the right protection for urea, UAN, anhydrous ammonia and manure.',
    ),
  ),
  landingPage(
    ['balanced-nutrition', 'campaign', '/balanced-nutrition', [REGION_US, REGION_CA]],
    'Balanced Nutrition',
    hero(
      'Micronutrients',
      'Balanced nutrition from the first granule',
      'Concentrated WOLF TRAX DDP micronutrients coat every granule of your blend for even coverage across the field.',
      img('/images/campaigns/balanced-nutrition.svg', 'Illustration of a balance scale with fertilizer granules on both sides'),
      button('Explore WOLF TRAX', '/wolf-trax', 'accent'),
      button('Find a Rep', '/find-a-rep', 'ghost'),
    ),
    [
      claims(
        null,
        ['62%', 'Zinc in WOLF TRAX Zinc DDP.'],
        ['56.5%', 'Copper in WOLF TRAX Copper DDP.'],
        ['46.5%', 'Iron in WOLF TRAX Iron DDP.'],
      ),
      {
        kind: 'feature',
        eyebrow: 'The law of the minimum',
        heading: 'Yield is limited by the scarcest nutrient',
        paragraphs: [
          'A crop with plenty of nitrogen, phosphorus and potassium will still stall if zinc, boron or manganese runs short. Micronutrient deficiencies are common on high-pH, sandy, eroded and high-yielding soils.',
          'Because the rates are small, spreading them evenly is the hard part. Coating them onto the fertilizer solves that: wherever a granule lands, the micronutrient lands with it.',
        ],
        media: img('/images/features/coated-granules.svg', 'Illustration of fertilizer granules coated with colorful micronutrient powder'),
      },
      {
        kind: 'analysis',
        heading: 'Guaranteed analysis',
        intro: 'Minimum guaranteed content of each WOLF TRAX DDP micronutrient, by weight.',
        productSlug: 'wolf-trax',
      },
      {
        kind: 'products',
        heading: 'Build a balanced program',
        region: REGION_US,
        slugs: ['wolf-trax', 'optrient', 'protivate'],
      },
      callToAction(
        'Find out what your soil is missing',
        'A soil or tissue test and a conversation with your retailer are the best places to start.',
        button('Find a Rep', '/find-a-rep', 'accent'),
        button('Product Selector', '/product-selector', 'ghost'),
      ),
    ],
    seo(
      'Balanced Nutrition with WOLF TRAX Micronutrients',
      'Even micronutrient coverage with WOLF TRAX DDP: zinc 62%, boron 18%, copper 56.5%, iron 46.5%, manganese 33%, magnesium 30% and calcium 27%.',
    ),
  ),
  landingPage(
    ['thats-farming', 'campaign', '/thats-farming', [REGION_US, REGION_CA]],
    "That's Farming",
    hero(
      'Stories from the field',
      "Weather, markets, long days. That's farming.",
      'You cannot control the season. You can control how well your inputs hold up to it.',
      img('/images/campaigns/thats-farming.svg', 'Illustration of a pickup truck parked beside a field at sunset'),
      button('Find a Rep', '/find-a-rep', 'accent'),
    ),
    [
      {
        kind: 'feature',
        heading: 'Built for the seasons nobody plans for',
        paragraphs: [
          'The dry spell right after top-dress. The three-inch rain the week after side-dress. The spring that runs two weeks late. Every grower has a story about the season that did not go to plan.',
          'Our products are designed for those seasons: to keep nitrogen and micronutrients available when the weather and the calendar are not on your side.',
        ],
        media: img('/images/features/rain-gauge.svg', 'Illustration of a rain gauge in a field with storm clouds on the horizon'),
      },
      {
        kind: 'modules',
        heading: 'In their words',
        modules: [
          testimonial(
            '<p>My grandfather farmed this ground with a team of horses. The tools have changed, but the job has not: put the crop in, protect it and hope the weather cooperates. Protected nitrogen takes some of the hoping out of it.</p><p><cite>Third-generation grower, Ohio</cite></p>',
          ),
          roiList(
            [
              'Plan for the worst week',
              'Protect the passes that are most exposed to weather.\nTop-dress, side-dress and fall applications first.',
            ],
            ['Measure what works', 'Leave check strips.\nCompare yield maps every fall.'],
            ['Lean on local knowledge', 'Your retailer sees hundreds of fields a season.\nUse that experience.'],
          ),
        ],
      },
      callToAction(
        'Share the season with someone who gets it',
        'Our reps and retail partners live and work in the communities they serve.',
        button('Find a Rep', '/find-a-rep', 'accent'),
        button('Read the Knowledge Center', '/knowledge-center', 'ghost'),
      ),
    ],
    seo(
      "That's Farming: Stories from the Field",
      'Growers share how they plan for unpredictable seasons and protect their nitrogen and micronutrient investment.',
    ),
  ),
  landingPage(
    ['anvol-protects', 'campaign', '/anvol-protects', [REGION_US, REGION_CA]],
    'ANVOL Protects',
    hero(
      'ANVOL',
      'Protection that holds up',
      'Two urease-inhibiting actives protect surface-applied urea and UAN for longer, even when rain is slow to come.',
      img('/images/campaigns/anvol-protects.svg', 'Illustration of a shield over a field of young crops, symbolising nitrogen protection'),
      button('Explore ANVOL', '/anvol', 'accent'),
      button('Find a Rep', '/find-a-rep', 'ghost'),
    ),
    [
      claims(null, CLAIM_40, ['2', 'Urease-inhibiting actives working together in every ANVOL treatment.']),
      {
        kind: 'feature',
        eyebrow: 'How it works',
        heading: 'A longer window for rain',
        paragraphs: [
          'Urea needs about half an inch of rain, or incorporation, to move safely into the soil. Until then, the urease enzyme is converting it to ammonia gas.',
          'ANVOL slows that enzyme with two complementary actives, extending the time your nitrogen is protected so a late rain still counts.',
        ],
        media: img(
          '/images/campaigns/anvol-protects.svg',
          'Illustration of a shield over a field of young crops, symbolising nitrogen protection',
        ),
        reverse: true,
      },
      steps(
        'Where ANVOL fits',
        null,
        ['Pre-plant urea', 'Protect broadcast urea until planting passes or rain incorporate it.'],
        ['Top-dress wheat', 'Keep early-spring nitrogen on fields you cannot incorporate.'],
        ['Side-dress UAN', 'Protect streamed or broadcast UAN through warm, humid weeks.'],
      ),
      { kind: 'products', heading: 'Pair ANVOL with', region: REGION_US, slugs: ['anvol', 'centuro', 'wolf-trax'] },
      callToAction(
        'Ask for ANVOL-treated urea',
        'Your retailer can treat urea with ANVOL or add it to UAN before it leaves the yard.',
        button('Find a Rep', '/find-a-rep', 'accent'),
      ),
    ],
    seo(
      'ANVOL Protects Urea and UAN',
      'ANVOL extends protection of surface-applied urea and UAN with two urease-inhibiting actives. See where it fits in your nitrogen program.',
    ),
  ),
  landingPage(
    ['dual-purpose', 'campaign', '/dual-purpose', [REGION_US, REGION_CA]],
    'Dual Purpose',
    hero(
      'Two jobs, one pass',
      'Feed the crop and fix the deficiency in one pass',
      'Coat WOLF TRAX micronutrients onto the fertilizer you already apply, and every granule does two jobs.',
      img('/images/campaigns/dual-purpose.svg', 'Illustration of a fertilizer granule split into two colors, showing two nutrients in one'),
      button('Explore WOLF TRAX', '/wolf-trax', 'accent'),
      button('Product Selector', '/product-selector', 'ghost'),
    ),
    [
      claims(
        null,
        ['33%', 'Manganese in WOLF TRAX Manganese DDP.'],
        ['30%', 'Magnesium in WOLF TRAX Magnesium DDP.'],
        ['27%', 'Calcium in WOLF TRAX Calcium DDP.'],
      ),
      {
        kind: 'feature',
        eyebrow: 'No extra trip',
        heading: 'Your blend, upgraded',
        paragraphs: [
          'Phosphate and potash already go on every acre that needs them. Coating micronutrients onto that blend turns a single pass into a complete nutrition program, with no extra product to spread.',
          'Pre-formulated options such as CROPMIX, NU-TRAX P+ and 3-TRAX make it simple to cover several nutrients at once.',
        ],
        media: img('/images/features/coated-granules.svg', 'Illustration of fertilizer granules coated with colorful micronutrient powder'),
      },
      {
        kind: 'analysis',
        heading: 'What each coating delivers',
        intro: 'Minimum guaranteed content by weight.',
        productSlug: 'wolf-trax',
      },
      callToAction(
        'Make every pass count twice',
        'Talk to your retailer about coating micronutrients onto your next blend.',
        button('Find a Rep', '/find-a-rep', 'accent'),
      ),
    ],
    seo(
      'Dual Purpose: Micronutrients on Your Fertilizer Blend',
      'Coat WOLF TRAX micronutrients onto phosphate and potash blends so one pass delivers both macro- and micronutrients.',
    ),
  ),
  landingPage(
    ['about', 'about', '/about', [REGION_US, REGION_CA, REGION_INT]],
    'About Us',
    hero(
      'About Northfield Agronomics',
      'Agronomic science for every acre',
      'We help growers and retailers get more from every unit of nutrient they apply, with proven products and practical agronomy.',
      img('/images/about/hero.svg', 'Illustration of an agronomist kneeling in a field examining a young plant'),
      button('Contact Us', '/contact', 'accent'),
      button('Careers', '/careers', 'ghost'),
    ),
    [
      {
        kind: 'feature',
        eyebrow: 'Who we are',
        heading: 'Formerly Northfield Crop Services',
        paragraphs: [
          'We started as a crop services company working alongside growers and retailers, and we still work that way. Our agronomists, researchers and sales teams spend the season in the field, not just in the lab.',
          'Today we develop and market nitrogen protection, micronutrient and seed enhancement products sold through retailers in the U.S. and Canada, and through partners internationally.',
        ],
        media: img(
          '/images/features/agronomist.svg',
          'Illustration of an agronomist with a tablet talking with a grower beside a pickup truck',
        ),
      },
      claims(
        'By the numbers',
        ['3', 'Regions served: the U.S., Canada and international markets.'],
        ['11', 'Product lines across nutrient protection, management and seed enhancement.'],
        ['2', 'Countries with our own sales and agronomy teams: the U.S. and Canada.'],
      ),
      steps(
        'What we believe',
        null,
        ['Start with the soil', 'Recommendations begin with a soil test and the grower\u2019s own goals.'],
        ['Prove it in the field', 'Products earn their place in replicated trials and on real farms.'],
        ['Work through local retail', 'Retailers know their growers; we back them with agronomy and service.'],
        ['Respect the land', 'Nitrogen that stays in the field is better for the crop and the water downstream.'],
      ),
      {
        kind: 'modules',
        heading: 'Our approach',
        modules: [
          richText(
            '<p>Every product we sell is designed to make nutrients more efficient: to keep nitrogen where the crop can use it, to spread micronutrients evenly and to give seed the best possible start. Better efficiency means more yield from the same inputs and less nutrient lost to the air and water.</p><p>Read our research and field articles in the <a href="/knowledge-center">Knowledge Center</a>, or catch up on company news in our <a href="/press-releases">press releases</a>.</p>',
          ),
        ],
      },
      callToAction(
        'Work with us',
        'Whether you grow, sell or want to join the team, we would like to hear from you.',
        button('Contact Us', '/contact', 'accent'),
        button('See careers', '/careers', 'ghost'),
      ),
    ],
    seo(
      'About Us',
      'Who we are: agronomists and product specialists helping growers get more from every unit of nutrient, in the U.S., Canada and worldwide.',
    ),
  ),
];
