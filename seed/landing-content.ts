import type { LandingContent, LandingKind } from '#shared/landing-content.ts';
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

const CLAIM_40 = { figure: '40%', text: 'Up to 40% of surface-applied urea can be lost through volatilization.' };

export const LANDING_PAGES: LandingSeed[] = [
  {
    key: 'home-us',
    kind: 'home',
    path: '/',
    regionIds: [REGION_US],
    content: {
      title: 'Crop Nutrient and Nitrogen Protection Products',
      hero: {
        eyebrow: 'Crop nutrition and nitrogen protection',
        headline: 'Put every unit of nitrogen to work',
        promise: 'Nitrogen stabilizers, micronutrients and seed enhancements, backed by agronomists who know your ground.',
        media: img('/images/home/us.svg', 'Illustration of a farm at sunrise with rows of corn leading to a red barn'),
        ctas: [
          { label: 'Product Selector', to: '/product-selector', style: 'accent' },
          { label: 'Find a Rep', to: '/find-a-rep', style: 'ghost' },
        ],
      },
      sections: [
        {
          kind: 'claims',
          heading: 'Why protection pays',
          items: [
            CLAIM_40,
            { figure: '62%', text: 'Zinc in WOLF TRAX Zinc DDP, coated evenly onto every fertilizer granule.' },
            { figure: '7', text: 'Micronutrients in the WOLF TRAX DDP line, from zinc and boron to calcium.' },
          ],
        },
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
          cta: { label: 'See the clear choice', to: '/clear-choice', style: 'primary' },
        },
        {
          kind: 'feature',
          eyebrow: 'Nutrient management',
          heading: 'Micronutrients on every granule',
          paragraphs: [
            'Zinc, boron and manganese are needed in small amounts, but a deficiency caps yield just as surely as a shortage of nitrogen. The challenge is getting a few pounds of nutrient close to every plant.',
            'WOLF TRAX DDP coats micronutrients onto every granule of your blend, so they land wherever your fertilizer does.',
          ],
          media: img(
            '/images/features/coated-granules.svg',
            'Illustration of fertilizer granules coated with colorful micronutrient powder',
          ),
          reverse: true,
          cta: { label: 'Explore balanced nutrition', to: '/balanced-nutrition', style: 'primary' },
        },
        {
          kind: 'steps',
          heading: 'How we work with you',
          intro: 'Our products are sold through local retailers and supported by agronomists who spend the season in the field.',
          items: [
            { headline: 'Test', text: 'Start with a soil test and the crop plan for each field.' },
            { headline: 'Plan', text: 'Match nitrogen sources, timing and protection to the way you farm.' },
            { headline: 'Protect', text: 'Add stabilizers and micronutrients where they pay back.' },
            { headline: 'Measure', text: 'Compare strips and yield maps, and refine the plan next season.' },
          ],
        },
        {
          kind: 'modules',
          modules: [
            testimonial(
              '<p>Our retailer walked the fields with us, pulled tissue samples and showed us where zinc was holding the corn back. Two seasons later those are our most consistent acres.</p><p><cite>Corn and soybean grower, Nebraska</cite></p>',
            ),
          ],
        },
        {
          kind: 'cta',
          heading: 'Not sure where to start?',
          text: 'Answer a few questions about your crop and your challenges, and we will suggest the products that fit.',
          ctas: [
            { label: 'Open the Product Selector', to: '/product-selector', style: 'accent' },
            { label: 'Find a Rep', to: '/find-a-rep', style: 'ghost' },
          ],
        },
      ],
      seo: {
        title: 'Crop Nutrient and Nitrogen Protection Products',
        desc: 'Nitrogen stabilizers, micronutrients and seed enhancements for U.S. growers and retailers. Find a rep, explore products and research.',
        ogtitle: 'Put every unit of nitrogen to work',
        ogphoto: { previewsrc: '/images/home/us.svg' },
      },
    },
  },
  {
    key: 'home-ca',
    kind: 'home',
    path: '/home-ca',
    regionIds: [REGION_CA],
    content: {
      title: 'Crop Nutrition for Canadian Growers',
      hero: {
        eyebrow: 'Crop nutrition for Canada',
        headline: 'More from every acre, coast to coast',
        promise: 'Nitrogen protection, micronutrients and seed treatments for Canadian crops, soils and seasons.',
        media: img(
          '/images/home/ca.svg',
          'Illustration of a tractor and air seeder crossing a flowering canola field under a wide prairie sky',
        ),
        ctas: [
          { label: 'Product Selector', to: '/product-selector', style: 'accent' },
          { label: 'Find a Rep', to: '/find-a-rep-ca', style: 'ghost' },
        ],
      },
      sections: [
        {
          kind: 'claims',
          heading: 'Nitrogen is worth protecting',
          items: [
            CLAIM_40,
            { figure: '18%', text: 'Boron in WOLF TRAX Boron DDP, for canola and alfalfa that set seed.' },
            { figure: '10', text: 'Products for Canadian growers, from seed treatments to stabilized nitrogen.' },
          ],
        },
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
          cta: { label: 'Meet TRIBUNE', to: '/tribune-ca', style: 'primary' },
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
          cta: { label: 'Explore ROCKET SEEDS', to: '/rocket-seeds-ca', style: 'primary' },
        },
        {
          kind: 'modules',
          modules: [
            testimonial(
              '<p>We seed a lot of acres in a short window. Protected nitrogen lets us get fertilizer down when the equipment is free, and it is still there when the canola needs it.</p><p><cite>Grain grower, Alberta</cite></p>',
            ),
          ],
        },
        {
          kind: 'cta',
          heading: 'Talk to someone who farms near you',
          text: 'Our Canadian agronomists and retail partners can help you build a plan for your acres.',
          ctas: [
            { label: 'Find a Rep', to: '/find-a-rep-ca', style: 'accent' },
            { label: 'Contact Us', to: '/contact-ca', style: 'ghost' },
          ],
        },
      ],
      seo: {
        title: 'Crop Nutrition for Canadian Growers',
        desc: 'Nitrogen protection, micronutrients and seed treatments for Canadian growers and retailers. Find a rep or retailer near you.',
        ogtitle: 'More from every acre, coast to coast',
        ogphoto: { previewsrc: '/images/home/ca.svg' },
      },
    },
  },
  {
    key: 'home-int',
    kind: 'home',
    path: '/home-int',
    regionIds: [REGION_INT],
    content: {
      title: 'International Crop Nutrition',
      hero: {
        eyebrow: 'Worldwide',
        headline: 'Agronomic science for growers worldwide',
        promise: 'Our nitrogen protection and micronutrient technologies are available through distribution partners around the world.',
        media: img('/images/home/int.svg', 'Illustration of a globe rising above green fields'),
        ctas: [{ label: 'Contact Us', to: '/contact', style: 'accent' }],
      },
      sections: [
        {
          kind: 'claims',
          heading: 'The same challenge on every continent',
          items: [CLAIM_40, { figure: '3', text: 'Technology families: nitrogen protection, micronutrients and seed enhancement.' }],
        },
        {
          kind: 'steps',
          heading: 'What we offer internationally',
          items: [
            {
              headline: 'Nitrogen protection',
              text: 'Urease and nitrification inhibitor technologies that keep applied nitrogen available to the crop.',
            },
            { headline: 'Micronutrients', text: 'Concentrated micronutrient coatings that spread evenly with granular fertilizer.' },
            { headline: 'Seed enhancement', text: 'Seed-applied nutrition for fast, uniform crop establishment.' },
          ],
        },
        {
          kind: 'feature',
          eyebrow: 'Partnerships',
          heading: 'Working through local partners',
          paragraphs: [
            'Every market has its own crops, regulations and distribution. We work with fertilizer manufacturers, distributors and retailers who know their growers, and support them with agronomy, registration and technical service.',
            'Tell us where you farm or do business, and our international team will connect you with the right partner.',
          ],
          media: img(
            '/images/features/global-partners.svg',
            'Illustration of connected points, like partners on a map, above green fields',
          ),
          cta: { label: 'Contact our international team', to: '/contact', style: 'primary' },
        },
      ],
      seo: {
        title: 'International Crop Nutrition',
        desc: 'Enhanced-efficiency fertilizers and micronutrients for growers outside North America. Contact our international team.',
        ogtitle: 'Agronomic science for growers worldwide',
        ogphoto: { previewsrc: '/images/home/int.svg' },
      },
    },
  },
  {
    key: 'clear-choice',
    kind: 'campaign',
    path: '/clear-choice',
    regionIds: [REGION_US, REGION_CA],
    content: {
      title: 'The Clear Choice',
      hero: {
        eyebrow: 'Nitrogen protection',
        headline: 'The clear choice for protecting nitrogen',
        promise: 'Proven stabilizers for urea, UAN and anhydrous ammonia, so more of the nitrogen you buy ends up in the crop.',
        media: img(
          '/images/campaigns/clear-choice.svg',
          'Illustration of a clear sky over a field where protected nitrogen granules rest on the soil',
        ),
        ctas: [
          { label: 'Find a Rep', to: '/find-a-rep', style: 'accent' },
          { label: 'Product Selector', to: '/product-selector', style: 'ghost' },
        ],
      },
      sections: [
        {
          kind: 'claims',
          items: [
            CLAIM_40,
            { figure: '3', text: 'Ways nitrogen leaves a field: volatilization, leaching and denitrification.' },
            { figure: '1', text: 'Pass is all it takes when protection is built into the granule with SUPERU.' },
          ],
        },
        {
          kind: 'steps',
          heading: 'Choosing the right protection',
          intro: 'The right stabilizer depends on your nitrogen source and how long it will sit before the crop uses it.',
          items: [
            {
              headline: 'Urea on the surface',
              text: 'AGROTAIN or ANVOL slows the conversion of urea to ammonia gas until rain or tillage.',
            },
            { headline: 'UAN', text: 'ANVOL protects against volatilization; add CENTURO to hold nitrogen in the ammonium form.' },
            { headline: 'Anhydrous ammonia and manure', text: 'CENTURO slows nitrification, keeping nitrogen in the root zone longer.' },
            { headline: 'One product for all three', text: 'SUPERU builds both inhibitors into every urea granule.' },
          ],
        },
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
        {
          kind: 'cta',
          heading: 'Make protection part of the plan',
          text: 'Your local rep can help you match the right stabilizer to every nitrogen pass.',
          ctas: [{ label: 'Find a Rep', to: '/find-a-rep', style: 'accent' }],
        },
      ],
      seo: {
        title: 'The Clear Choice in Nitrogen Protection',
        desc: 'Compare AGROTAIN, ANVOL, CENTURO and SUPERU and choose the right protection for urea, UAN, anhydrous ammonia and manure.',
        ogphoto: { previewsrc: '/images/campaigns/clear-choice.svg' },
      },
    },
  },
  {
    key: 'balanced-nutrition',
    kind: 'campaign',
    path: '/balanced-nutrition',
    regionIds: [REGION_US, REGION_CA],
    content: {
      title: 'Balanced Nutrition',
      hero: {
        eyebrow: 'Micronutrients',
        headline: 'Balanced nutrition from the first granule',
        promise: 'Concentrated WOLF TRAX DDP micronutrients coat every granule of your blend for even coverage across the field.',
        media: img('/images/campaigns/balanced-nutrition.svg', 'Illustration of a balance scale with fertilizer granules on both sides'),
        ctas: [
          { label: 'Explore WOLF TRAX', to: '/wolf-trax', style: 'accent' },
          { label: 'Find a Rep', to: '/find-a-rep', style: 'ghost' },
        ],
      },
      sections: [
        {
          kind: 'claims',
          items: [
            { figure: '62%', text: 'Zinc in WOLF TRAX Zinc DDP.' },
            { figure: '56.5%', text: 'Copper in WOLF TRAX Copper DDP.' },
            { figure: '46.5%', text: 'Iron in WOLF TRAX Iron DDP.' },
          ],
        },
        {
          kind: 'feature',
          eyebrow: 'The law of the minimum',
          heading: 'Yield is limited by the scarcest nutrient',
          paragraphs: [
            'A crop with plenty of nitrogen, phosphorus and potassium will still stall if zinc, boron or manganese runs short. Micronutrient deficiencies are common on high-pH, sandy, eroded and high-yielding soils.',
            'Because the rates are small, spreading them evenly is the hard part. Coating them onto the fertilizer solves that: wherever a granule lands, the micronutrient lands with it.',
          ],
          media: img(
            '/images/features/coated-granules.svg',
            'Illustration of fertilizer granules coated with colorful micronutrient powder',
          ),
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
        {
          kind: 'cta',
          heading: 'Find out what your soil is missing',
          text: 'A soil or tissue test and a conversation with your retailer are the best places to start.',
          ctas: [
            { label: 'Find a Rep', to: '/find-a-rep', style: 'accent' },
            { label: 'Product Selector', to: '/product-selector', style: 'ghost' },
          ],
        },
      ],
      seo: {
        title: 'Balanced Nutrition with WOLF TRAX Micronutrients',
        desc: 'Even micronutrient coverage with WOLF TRAX DDP: zinc 62%, boron 18%, copper 56.5%, iron 46.5%, manganese 33%, magnesium 30% and calcium 27%.',
        ogphoto: { previewsrc: '/images/campaigns/balanced-nutrition.svg' },
      },
    },
  },
  {
    key: 'thats-farming',
    kind: 'campaign',
    path: '/thats-farming',
    regionIds: [REGION_US, REGION_CA],
    content: {
      title: "That's Farming",
      hero: {
        eyebrow: 'Stories from the field',
        headline: "Weather, markets, long days. That's farming.",
        promise: 'You cannot control the season. You can control how well your inputs hold up to it.',
        media: img('/images/campaigns/thats-farming.svg', 'Illustration of a pickup truck parked beside a field at sunset'),
        ctas: [{ label: 'Find a Rep', to: '/find-a-rep', style: 'accent' }],
      },
      sections: [
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
        {
          kind: 'cta',
          heading: 'Share the season with someone who gets it',
          text: 'Our reps and retail partners live and work in the communities they serve.',
          ctas: [
            { label: 'Find a Rep', to: '/find-a-rep', style: 'accent' },
            { label: 'Read the Knowledge Center', to: '/knowledge-center', style: 'ghost' },
          ],
        },
      ],
      seo: {
        title: "That's Farming: Stories from the Field",
        desc: 'Growers share how they plan for unpredictable seasons and protect their nitrogen and micronutrient investment.',
        ogphoto: { previewsrc: '/images/campaigns/thats-farming.svg' },
      },
    },
  },
  {
    key: 'anvol-protects',
    kind: 'campaign',
    path: '/anvol-protects',
    regionIds: [REGION_US, REGION_CA],
    content: {
      title: 'ANVOL Protects',
      hero: {
        eyebrow: 'ANVOL',
        headline: 'Protection that holds up',
        promise: 'Two urease-inhibiting actives protect surface-applied urea and UAN for longer, even when rain is slow to come.',
        media: img(
          '/images/campaigns/anvol-protects.svg',
          'Illustration of a shield over a field of young crops, symbolising nitrogen protection',
        ),
        ctas: [
          { label: 'Explore ANVOL', to: '/anvol', style: 'accent' },
          { label: 'Find a Rep', to: '/find-a-rep', style: 'ghost' },
        ],
      },
      sections: [
        {
          kind: 'claims',
          items: [CLAIM_40, { figure: '2', text: 'Urease-inhibiting actives working together in every ANVOL treatment.' }],
        },
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
        {
          kind: 'steps',
          heading: 'Where ANVOL fits',
          items: [
            { headline: 'Pre-plant urea', text: 'Protect broadcast urea until planting passes or rain incorporate it.' },
            { headline: 'Top-dress wheat', text: 'Keep early-spring nitrogen on fields you cannot incorporate.' },
            { headline: 'Side-dress UAN', text: 'Protect streamed or broadcast UAN through warm, humid weeks.' },
          ],
        },
        { kind: 'products', heading: 'Pair ANVOL with', region: REGION_US, slugs: ['anvol', 'centuro', 'wolf-trax'] },
        {
          kind: 'cta',
          heading: 'Ask for ANVOL-treated urea',
          text: 'Your retailer can treat urea with ANVOL or add it to UAN before it leaves the yard.',
          ctas: [{ label: 'Find a Rep', to: '/find-a-rep', style: 'accent' }],
        },
      ],
      seo: {
        title: 'ANVOL Protects Urea and UAN',
        desc: 'ANVOL extends protection of surface-applied urea and UAN with two urease-inhibiting actives. See where it fits in your nitrogen program.',
        ogphoto: { previewsrc: '/images/campaigns/anvol-protects.svg' },
      },
    },
  },
  {
    key: 'dual-purpose',
    kind: 'campaign',
    path: '/dual-purpose',
    regionIds: [REGION_US, REGION_CA],
    content: {
      title: 'Dual Purpose',
      hero: {
        eyebrow: 'Two jobs, one pass',
        headline: 'Feed the crop and fix the deficiency in one pass',
        promise: 'Coat WOLF TRAX micronutrients onto the fertilizer you already apply, and every granule does two jobs.',
        media: img(
          '/images/campaigns/dual-purpose.svg',
          'Illustration of a fertilizer granule split into two colors, showing two nutrients in one',
        ),
        ctas: [
          { label: 'Explore WOLF TRAX', to: '/wolf-trax', style: 'accent' },
          { label: 'Product Selector', to: '/product-selector', style: 'ghost' },
        ],
      },
      sections: [
        {
          kind: 'claims',
          items: [
            { figure: '33%', text: 'Manganese in WOLF TRAX Manganese DDP.' },
            { figure: '30%', text: 'Magnesium in WOLF TRAX Magnesium DDP.' },
            { figure: '27%', text: 'Calcium in WOLF TRAX Calcium DDP.' },
          ],
        },
        {
          kind: 'feature',
          eyebrow: 'No extra trip',
          heading: 'Your blend, upgraded',
          paragraphs: [
            'Phosphate and potash already go on every acre that needs them. Coating micronutrients onto that blend turns a single pass into a complete nutrition program, with no extra product to spread.',
            'Pre-formulated options such as CROPMIX, NU-TRAX P+ and 3-TRAX make it simple to cover several nutrients at once.',
          ],
          media: img(
            '/images/features/coated-granules.svg',
            'Illustration of fertilizer granules coated with colorful micronutrient powder',
          ),
        },
        {
          kind: 'analysis',
          heading: 'What each coating delivers',
          intro: 'Minimum guaranteed content by weight.',
          productSlug: 'wolf-trax',
        },
        {
          kind: 'cta',
          heading: 'Make every pass count twice',
          text: 'Talk to your retailer about coating micronutrients onto your next blend.',
          ctas: [{ label: 'Find a Rep', to: '/find-a-rep', style: 'accent' }],
        },
      ],
      seo: {
        title: 'Dual Purpose: Micronutrients on Your Fertilizer Blend',
        desc: 'Coat WOLF TRAX micronutrients onto phosphate and potash blends so one pass delivers both macro- and micronutrients.',
        ogphoto: { previewsrc: '/images/campaigns/dual-purpose.svg' },
      },
    },
  },
  {
    key: 'about',
    kind: 'about',
    path: '/about',
    regionIds: [REGION_US, REGION_CA, REGION_INT],
    content: {
      title: 'About Us',
      hero: {
        eyebrow: 'About Northfield Agronomics',
        headline: 'Agronomic science for every acre',
        promise:
          'We help growers and retailers get more from every unit of nutrient they apply, with proven products and practical agronomy.',
        media: img('/images/about/hero.svg', 'Illustration of an agronomist kneeling in a field examining a young plant'),
        ctas: [
          { label: 'Contact Us', to: '/contact', style: 'accent' },
          { label: 'Careers', to: '/careers', style: 'ghost' },
        ],
      },
      sections: [
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
        {
          kind: 'claims',
          heading: 'By the numbers',
          items: [
            { figure: '3', text: 'Regions served: the U.S., Canada and international markets.' },
            { figure: '11', text: 'Product lines across nutrient protection, management and seed enhancement.' },
            { figure: '2', text: 'Countries with our own sales and agronomy teams: the U.S. and Canada.' },
          ],
        },
        {
          kind: 'steps',
          heading: 'What we believe',
          items: [
            { headline: 'Start with the soil', text: 'Recommendations begin with a soil test and the grower\u2019s own goals.' },
            { headline: 'Prove it in the field', text: 'Products earn their place in replicated trials and on real farms.' },
            { headline: 'Work through local retail', text: 'Retailers know their growers; we back them with agronomy and service.' },
            { headline: 'Respect the land', text: 'Nitrogen that stays in the field is better for the crop and the water downstream.' },
          ],
        },
        {
          kind: 'modules',
          heading: 'Our approach',
          modules: [
            richText(
              '<p>Every product we sell is designed to make nutrients more efficient: to keep nitrogen where the crop can use it, to spread micronutrients evenly and to give seed the best possible start. Better efficiency means more yield from the same inputs and less nutrient lost to the air and water.</p><p>Read our research and field articles in the <a href="/knowledge-center">Knowledge Center</a>, or catch up on company news in our <a href="/press-releases">press releases</a>.</p>',
            ),
          ],
        },
        {
          kind: 'cta',
          heading: 'Work with us',
          text: 'Whether you grow, sell or want to join the team, we would like to hear from you.',
          ctas: [
            { label: 'Contact Us', to: '/contact', style: 'accent' },
            { label: 'See careers', to: '/careers', style: 'ghost' },
          ],
        },
      ],
      seo: {
        title: 'About Us',
        desc: 'Who we are: agronomists and product specialists helping growers get more from every unit of nutrient, in the U.S., Canada and worldwide.',
        ogphoto: { previewsrc: '/images/about/hero.svg' },
      },
    },
  },
];
