import type { NewContentItem } from '#domain/content/content-repository.ts';
import type { ContentModule, MediaRef } from '#shared/content-types.ts';
import { REGION_US, REGION_CA, type ProductRegionId } from '#shared/regions.ts';
import type { SeedServices } from './services.ts';
import { gallery, galleryItem, richText, roiList, testimonial } from './modules.ts';

/**
 * Knowledge-center items (all three categories, all four module types, some pinned, US and
 * Canada) and six press releases. Inserts only slugs that are missing, so edits made by
 * administrators survive a re-run. Images come from scripts/generate-content-images.ts.
 */
export async function seedKnowledge(s: SeedServices): Promise<void> {
  // through the services, so stored rich text is sanitized like an editor's save
  const existingK = new Set(await s.repos.knowledge.listSlugs());
  await s.knowledge.createMany(KNOWLEDGE_ITEMS.filter((i) => !existingK.has(i.slug)));
  const existingP = new Set(await s.repos.press.listSlugs());
  await s.press.createMany(PRESS_RELEASES.filter((i) => !existingP.has(i.slug)));
}

const hero = (file: string, altText: string, width = 1200, height = 675): MediaRef => ({
  previewsrc: `/images/${file}`,
  altText,
  width,
  height,
});
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

interface ItemSeed {
  slug: string;
  type: 0 | 1 | 2;
  category: 38 | 39 | 40;
  pinned?: boolean;
  region?: ProductRegionId;
  title: string;
  desc: string;
  image: MediaRef;
  date: string;
  modules: ContentModule[];
}

/** An article: its SEO and sharing fields come from its title, description and hero image. */
function contentItem(
  base: Pick<NewContentItem, 'type' | 'category' | 'pinned' | 'slug' | 'regionId'>,
  s: { title: string; desc: string; image: MediaRef; date: string; modules: ContentModule[] },
): NewContentItem {
  return {
    ...base,
    version: {
      title: s.title,
      metadata: {
        title: s.title,
        desc: s.desc,
        ogtitle: s.title,
        ogdesc: s.desc,
        ogphoto: { previewsrc: s.image.previewsrc },
        metaContent: 'article',
      },
      heroMedia: s.image,
      modules: s.modules,
      publishDate: day(s.date),
    },
  };
}

function knowledgeItem(s: ItemSeed): NewContentItem {
  return contentItem({ type: s.type, category: s.category, pinned: s.pinned ?? false, slug: s.slug, regionId: s.region ?? REGION_US }, s);
}

export const KNOWLEDGE_ITEMS: NewContentItem[] = [
  knowledgeItem({
    slug: 'keep-surface-applied-urea-in-the-field',
    type: 0,
    category: 39,
    pinned: true,
    title: 'How to Keep Surface-Applied Urea in the Field',
    desc: 'Warm soil, wind and a dry week can turn a urea application into ammonia gas. Here is how volatilization happens and what stops it.',
    image: hero('knowledge/volatilization.svg', 'Urea granules on the soil surface with a field of young corn behind them'),
    date: '2026-10-06',
    modules: [
      richText(
        '<h2>Why urea escapes</h2><p>When a urea granule lands on moist soil, the urease enzyme starts converting it to ammonium carbonate within hours. If that reaction happens at the surface instead of an inch or two down, ammonia gas forms and drifts away. Growers can lose a meaningful share of applied nitrogen before the first rain moves it into the root zone.</p><p>The risk climbs with residue cover, soil pH above 7, warm temperatures and light dew that dissolves granules without carrying them into the soil. The U.S. Department of Agriculture\'s <a href="https://www.ars.usda.gov/">Agricultural Research Service</a> has measured losses across many of these conditions.</p><h3>What works</h3><ul><li>Incorporate urea with tillage or at least half an inch of rain or irrigation.</li><li>Use a urease inhibitor such as <a href="/agrotain">AGROTAIN</a> when incorporation is not possible within a day or two.</li><li>Watch the forecast: a hot, dry, windy week is the worst case.</li></ul>',
      ),
      testimonial(
        '<p>We used to broadcast urea and hope for rain. Now every pound we put on no-till ground is protected, and the yield maps across the farm finally look even.</p><p><cite>Dana Reuter, corn and soybean grower, Grundy County, Iowa</cite></p>',
      ),
      roiList(
        ['Up to 40%', 'of surface-applied urea can be lost\nthrough volatilization without protection.'],
        ['14 days', 'of protection from a urease inhibitor\nwhile you wait for rain.'],
        ['1 pass', 'Treat the urea at the retailer;\nno extra trip across the field.'],
      ),
      gallery(
        galleryItem(
          'knowledge/gallery-probe.svg',
          'Soil probe pulling a core from a field with crop residue',
          'Check the surface conditions',
          '<p>Residue and high-pH soils raise the risk. Sample before you decide where protection pays.</p>',
        ),
        galleryItem(
          'knowledge/gallery-spreader.svg',
          'Treated urea granules spread evenly across rows',
          'Protect what you spread',
          '<p>A treated granule keeps working through a dry spell. See the <a href="/knowledge-center/category/40">latest research</a>.</p>',
        ),
        galleryItem(
          'knowledge/gallery-canopy.svg',
          'Even green corn canopy in midsummer',
          'See it in the canopy',
          '<p>Nitrogen that stays in the field shows up as an even, dark green stand by July.</p>',
        ),
      ),
    ],
  }),
  knowledgeItem({
    slug: 'nitrogen-loss-field-trials-summary',
    type: 1,
    category: 40,
    pinned: true,
    title: 'Three Years of Nitrogen Loss Field Trials: What the Data Says',
    desc: 'A summary of 48 replicated strip trials comparing protected and unprotected nitrogen across corn and wheat.',
    image: hero('knowledge/research-trials.svg', 'Bar chart over rows of corn, representing yield results from field trials'),
    date: '2026-08-18',
    modules: [
      richText(
        "<h2>Trial design</h2><p>Between 2023 and 2025, cooperating growers and independent researchers ran 48 replicated strip trials in seven states. Each trial compared the grower's standard nitrogen program with the same rate protected by a urease or nitrification inhibitor.</p><h2>Findings</h2><p>Protected nitrogen out-yielded the standard program in 39 of 48 trials. The largest gains came where urea sat on the surface for more than five days before rain, and on poorly drained soils after wet springs.</p>",
      ),
      roiList(
        ['39 of 48', 'trials favored protected nitrogen.'],
        ['+6.2 bu/A', 'average corn yield response\nacross all locations.'],
        ['+3.1 bu/A', 'average wheat yield response\non top-dressed urea.'],
      ),
      richText(
        '<p>Full methods and site data are available from your local agronomist. Growers planning their own comparisons can start with our <a href="/knowledge-center/plan-an-on-farm-strip-trial">strip-trial guide</a>.</p>',
      ),
    ],
  }),
  knowledgeItem({
    slug: 'field-notes-podcast-nitrogen-timing',
    type: 2,
    category: 38,
    title: 'Field Notes Podcast: Getting Nitrogen Timing Right',
    desc: 'Two agronomists talk through split applications, side-dress windows and what a wet May does to your plan.',
    image: hero('knowledge/podcast-nitrogen.svg', 'Microphone in front of a green field at dusk'),
    date: '2026-09-22',
    modules: [
      richText(
        '<p>In this episode, agronomists Maria Olsen and Tom Becker compare notes from a season that started wet and finished dry. They cover when a split application pays for itself, how to read a late-spring nitrate test, and why side-dress timing matters more than rate in many fields.</p><h2>In this episode</h2><ul><li>00:00 Introductions and the 2026 season so far</li><li>06:40 Split applications: when they pay</li><li>18:15 Reading the late-spring nitrate test</li><li>31:05 Side-dress windows and equipment</li></ul>',
      ),
      testimonial(
        '<p>Rate gets all the attention, but timing decides how much of that rate the crop actually sees.</p><p><cite>Maria Olsen, senior agronomist</cite></p>',
      ),
    ],
  }),
  knowledgeItem({
    slug: 'zinc-deficiency-in-corn',
    type: 0,
    category: 39,
    title: 'Spotting and Fixing Zinc Deficiency in Corn',
    desc: 'White striping on young leaves is the classic sign. Learn where zinc runs short and how to feed every plant evenly.',
    image: hero('knowledge/zinc-corn.svg', 'A healthy green corn leaf in a sunny field'),
    date: '2026-07-14',
    modules: [
      richText(
        '<h2>What to look for</h2><p>Zinc-deficient corn shows broad white or yellow bands on either side of the midrib of young leaves, often with shortened internodes. Symptoms are most common on high-pH, eroded or recently leveled soils and in cool, wet springs when roots grow slowly.</p><h2>Feeding every plant</h2><p>Because zinc moves very little in soil, the nutrient has to be close to every root. Blending a small number of large zinc granules into a fertilizer blend leaves many plants without any. Coating micronutrients onto every granule, as <a href="/wolf-trax">WOLF TRAX</a> does, puts zinc within reach of every plant.</p>',
      ),
      roiList(
        ['Zinc 62%', 'guaranteed analysis of the zinc\nmicronutrient coating.'],
        ['Every granule', 'carries micronutrients, so coverage\ndoes not depend on luck.'],
      ),
    ],
  }),
  knowledgeItem({
    slug: 'soil-sampling-by-zone',
    type: 0,
    category: 39,
    title: 'Soil Sampling by Management Zone: A Practical Guide',
    desc: 'Grid or zone? How many cores? When? A step-by-step approach to soil samples you can actually act on.',
    image: hero('knowledge/soil-sampling.svg', 'Cross-section of soil layers with a sampling probe marked in gold'),
    date: '2026-05-11',
    modules: [
      richText(
        '<p>A soil test is only as good as the sample behind it. Zone sampling groups areas that behave alike, based on yield history, soil type and topography, so each result describes ground you can manage as a unit.</p><h2>Five steps</h2><ol><li>Draw zones from at least three years of yield maps and a soil survey.</li><li>Pull 15 to 20 cores per zone, at a consistent depth.</li><li>Sample at the same time of year, every time.</li><li>Keep samples cool and ship them within two days.</li><li>Compare results zone by zone, not field averages.</li></ol>',
      ),
      gallery(
        galleryItem(
          'knowledge/gallery-probe.svg',
          'Soil probe pulling a core from a field with crop residue',
          'Consistent depth',
          '<p>Six inches for most nutrients; deeper for nitrate and sulfur.</p>',
        ),
        galleryItem(
          'knowledge/gallery-canopy.svg',
          'Even green corn canopy in midsummer',
          'Check against the crop',
          '<p>Walk the zones in July to see whether the map matches the canopy.</p>',
        ),
      ),
    ],
  }),
  knowledgeItem({
    slug: 'protecting-uan-at-sidedress',
    type: 0,
    category: 39,
    title: 'Protecting UAN at Side-Dress',
    desc: 'UAN is half urea. Why side-dressed solution still needs protection, and how to add it without changing your rig.',
    image: hero('knowledge/uan-sidedress.svg', 'A blue droplet over rows of corn, representing liquid nitrogen'),
    date: '2026-06-02',
    modules: [
      richText(
        '<p>Urea ammonium nitrate solution contains roughly half its nitrogen as urea, a quarter as ammonium and a quarter as nitrate. Dribbled on the surface, the urea portion is exposed to the same volatilization as granular urea, while the nitrate portion can leach after heavy rain.</p><p>Dual-active products such as <a href="/anvol">ANVOL</a> protect against both losses. They mix into the tank with no change to nozzles or rates.</p>',
      ),
      testimonial(
        '<p>We added protection to our side-dress UAN and the rig did not change at all. The only difference was in the yield check.</p><p><cite>Luis Ortega, custom applicator, central Illinois</cite></p>',
      ),
    ],
  }),
  knowledgeItem({
    slug: 'stronger-starts-with-seed-applied-nutrition',
    type: 0,
    category: 39,
    title: 'Stronger Starts with Seed-Applied Nutrition',
    desc: 'Early vigor sets the yield ceiling. How seed-applied micronutrients help seedlings through a cold start.',
    image: hero('knowledge/seed-start.svg', 'A young seedling with two leaves emerging from the soil'),
    date: '2026-03-30',
    modules: [
      richText(
        '<p>Seedlings rely on what is in and around the seed for their first weeks. In cold soils, roots grow slowly and cannot reach banded fertilizer, so a small amount of nutrition on the seed itself can make the difference between an even stand and a ragged one.</p><p><a href="/protivate">PROTIVATE</a> applies with the seed treatment you already use.</p>',
      ),
      roiList(
        ['Day one', 'Nutrition on the seed is available\nas soon as it imbibes water.'],
        ['Same pass', 'Applies alongside your existing\nseed treatment.'],
      ),
    ],
  }),
  knowledgeItem({
    slug: 'field-notes-podcast-micronutrients',
    type: 2,
    category: 38,
    title: 'Field Notes Podcast: Micronutrients Beyond the Soil Test',
    desc: 'Why tissue tests, yield maps and a shovel tell you more about zinc, boron and manganese than a soil test alone.',
    image: hero('knowledge/podcast-micros.svg', 'Microphone in front of golden fields'),
    date: '2026-04-21',
    modules: [
      richText(
        '<p>Soil tests for micronutrients are useful but imperfect. In this episode the team explains how to combine tissue tests, yield maps and digging roots to decide where micronutrients pay, with examples from soybeans, corn and sugar beets.</p><ul><li>Manganese in high-pH soybean ground (manganese 33%)</li><li>Boron in soybeans and alfalfa (boron 18%)</li><li>Copper and iron in sensitive soils (copper 56.5%, iron 46.5%)</li></ul>',
      ),
    ],
  }),
  knowledgeItem({
    slug: 'fall-anhydrous-ammonia-stabilizers',
    type: 1,
    category: 40,
    title: 'Fall Anhydrous Ammonia: Does a Stabilizer Pay?',
    desc: 'Research from 22 sites on holding fall-applied ammonia in the ammonium form until spring.',
    image: hero('knowledge/fall-ammonia.svg', 'Bar chart above a harvested field in autumn light'),
    date: '2025-11-17',
    modules: [
      richText(
        '<p>Fall-applied anhydrous ammonia spends months in the soil before the crop needs it. Nitrification inhibitors slow its conversion to nitrate, the form lost to leaching and denitrification. This summary reviews 22 site-years of comparisons.</p><h2>Key results</h2><p>Where soils stayed cold after application and were poorly drained in spring, the inhibitor kept more nitrogen in the ammonium form into April. On well-drained soils applied late in the fall, differences were small.</p>',
      ),
      roiList(
        ['22 site-years', 'of fall ammonia comparisons.'],
        ['Below 50°F', 'Apply only once soil temperatures\nstay below 50°F at four inches.'],
      ),
    ],
  }),
  knowledgeItem({
    slug: 'boron-in-soybeans',
    type: 0,
    category: 39,
    title: 'Boron in Soybeans: Small Rate, Big Role',
    desc: 'Boron supports flowering and pod set. Where soybeans run short and how to supply it safely.',
    image: hero('knowledge/boron-soybeans.svg', 'A broad green soybean leaf against a clear sky'),
    date: '2025-09-08',
    modules: [
      richText(
        '<p>Boron is needed in tiny amounts, but it matters during flowering and pod set. Sandy, low-organic-matter soils and dry summers are where soybeans most often run short. Because the gap between enough and too much is narrow, an even distribution is more important than a high rate.</p><p>Talk to <a href="/find-a-rep">a rep near you</a> about boron in your blend.</p>',
      ),
    ],
  }),
  knowledgeItem({
    slug: 'plan-an-on-farm-strip-trial',
    type: 1,
    category: 40,
    title: 'Plan an On-Farm Strip Trial That Gives a Clear Answer',
    desc: 'Replication, randomisation and the yield monitor: how to set up a comparison you can trust.',
    image: hero('knowledge/research-trials.svg', 'Bar chart over rows of corn, representing yield results from field trials'),
    date: '2025-07-21',
    modules: [
      richText(
        '<p>A single side-by-side strip can mislead: soil changes across a field more than most treatments change yield. Three or more replications, alternated across the field, separate the treatment effect from the soil.</p><ol><li>Choose one question and keep everything else the same.</li><li>Make strips at least one combine header wide.</li><li>Replicate at least three times and alternate the order.</li><li>Calibrate the yield monitor before harvest.</li></ol>',
      ),
    ],
  }),
  knowledgeItem({
    slug: 'sulphur-for-canola',
    type: 0,
    category: 39,
    region: REGION_CA,
    pinned: true,
    title: 'Sulphur for Canola: Timing and Form',
    desc: 'Canola needs sulphur when it bolts. How to pair sulphate and elemental forms for the Prairies.',
    image: hero('knowledge/canola-sulphur.svg', 'Yellow canola field under a warm evening sky'),
    date: '2026-09-29',
    modules: [
      richText(
        '<p>Canola takes up most of its sulphur between bolting and early flowering. Sulphate sulphur is available right away; elemental sulphur has to be oxidised by soil microbes first and works best as a long-term build. Many Prairie growers combine both.</p><p>Read how protected nitrogen fits the same program on our <a href="/can/knowledge-center/spring-wheat-nitrogen-prairies">spring wheat nitrogen guide</a>, or see <a href="https://www.canolacouncil.org/">the Canola Council of Canada</a> for regional recommendations.</p>',
      ),
      roiList(['Bolting', 'Peak sulphur demand begins\nas the crop bolts.'], ['1:7', 'A common sulphur-to-nitrogen\nratio for canola.']),
    ],
  }),
  knowledgeItem({
    slug: 'prairie-agronomy-podcast-spring-nitrogen',
    type: 2,
    category: 38,
    region: REGION_CA,
    title: 'Prairie Agronomy Podcast: Spring Nitrogen on Cold Soils',
    desc: 'Agronomists from Saskatchewan and Manitoba on banding, broadcasting and protection after a late thaw.',
    image: hero('knowledge/prairie-podcast.svg', 'Microphone in front of Prairie fields at dusk'),
    date: '2026-05-04',
    modules: [
      richText(
        '<p>A late thaw compresses the spring work window. In this episode, two Prairie agronomists discuss when broadcasting urea ahead of the seeder makes sense, how long protection needs to last on cold soils, and what they are seeing in early-season tissue tests.</p>',
      ),
      testimonial(
        '<p>On our farm the question is never whether to protect broadcast urea. It is how long the protection has to hold before the rain comes.</p><p><cite>Jordan Kowalski, grain farmer, Yorkton, Saskatchewan</cite></p>',
      ),
    ],
  }),
  knowledgeItem({
    slug: 'wheat-protein-late-nitrogen',
    type: 1,
    category: 40,
    region: REGION_CA,
    title: 'Late-Season Nitrogen and Wheat Protein: Western Canada Results',
    desc: 'Does a post-flag-leaf nitrogen application raise protein enough to pay? Results from 16 Prairie sites.',
    image: hero('knowledge/wheat-protein.svg', 'Bar chart above Prairie wheat fields'),
    date: '2026-02-16',
    modules: [
      richText(
        '<p>Protein premiums reward a late nitrogen top-up, but only when moisture and yield potential are there. Across 16 sites in Alberta, Saskatchewan and Manitoba, a foliar or dribbled application at flag leaf raised grain protein in 11.</p>',
      ),
      roiList(['11 of 16', 'sites showed a protein response.'], ['+0.6 points', 'average protein increase\nwhere moisture was adequate.']),
    ],
  }),
  knowledgeItem({
    slug: 'spring-wheat-nitrogen-prairies',
    type: 0,
    category: 39,
    region: REGION_CA,
    title: 'Spring Wheat Nitrogen on the Prairies',
    desc: 'Side-banding, mid-row banding or broadcast: matching nitrogen placement to Prairie seeding systems.',
    image: hero('knowledge/spring-wheat-n.svg', 'Fertilizer granules over a Prairie field in spring'),
    date: '2025-12-08',
    modules: [
      richText(
        '<p>Most Prairie wheat is seeded with a one-pass system that side-bands or mid-row bands nitrogen. Banding keeps nitrogen away from the air, but broadcast urea remains common when seeding capacity is tight. Protected urea such as <a href="/superu-ca">SUPERU</a> widens the window for broadcast applications.</p>',
      ),
      gallery(
        galleryItem(
          'knowledge/gallery-spreader.svg',
          'Treated urea granules spread evenly across rows',
          'Broadcast with protection',
          '<p>Protection holds nitrogen until rain or seeding incorporates it.</p>',
        ),
        galleryItem(
          'knowledge/gallery-canopy.svg',
          'Even green crop canopy in midsummer',
          'Even stands',
          '<p>Even nitrogen supply shows up as even heading across the field.</p>',
        ),
      ),
    ],
  }),
  knowledgeItem({
    slug: 'pulse-crops-and-seed-treatments',
    type: 0,
    category: 39,
    region: REGION_CA,
    title: 'Pulse Crops and Seed-Applied Nutrition',
    desc: 'Peas and lentils fix their own nitrogen but still need a strong start. What seed-applied products add.',
    image: hero('knowledge/pulse-inoculant.svg', 'A golden seed with a green sprout over Prairie fields'),
    date: '2025-10-20',
    modules: [
      richText(
        '<p>Pulses rely on rhizobia for nitrogen, but nodules take weeks to form. Seed-applied micronutrients such as zinc and manganese support early root growth until fixation gets going. <a href="/rocket-seeds-ca">ROCKET SEEDS</a> is designed to apply alongside inoculants.</p>',
      ),
    ],
  }),
];

function pressRelease(s: {
  slug: string;
  region: ProductRegionId;
  title: string;
  desc: string;
  date: string;
  image: MediaRef;
  body: string;
  quote?: string;
}): NewContentItem {
  const modules: ContentModule[] = [richText(s.body)];
  if (s.quote) modules.push(testimonial(s.quote));
  modules.push(
    richText(
      '<h2>About Northfield Agronomics</h2><p>Northfield Agronomics develops nitrogen protection, micronutrient and seed-enhancement products for growers in the U.S., Canada and around the world. Media contact: <a href="mailto:media@northfield-agronomics.example">media@northfield-agronomics.example</a>.</p>',
    ),
  );
  return contentItem({ type: 0, category: null, pinned: false, slug: s.slug, regionId: s.region }, { ...s, modules });
}

const PRESS_US = hero('press/press-us.svg', 'Newspaper icon over green rolling fields');
const PRESS_CA = hero('press/press-ca.svg', 'Newspaper icon over Prairie fields at sunset');
const PRESS_RESEARCH = hero('press/press-research.svg', 'Chart icon over green fields at dusk');

export const PRESS_RELEASES: NewContentItem[] = [
  pressRelease({
    slug: 'new-agronomy-centre-in-iowa',
    region: REGION_US,
    title: 'Northfield Agronomics Opens Agronomy Research Center in Central Iowa',
    desc: 'The 240-acre site will host replicated nitrogen and micronutrient trials and grower field days from 2027.',
    date: '2026-10-13',
    image: PRESS_RESEARCH,
    body: '<p><strong>AMES, Iowa</strong> — Northfield Agronomics today opened a 240-acre agronomy research center near Ames, Iowa. The site will run replicated trials on nitrogen protection, micronutrient placement and seed-applied nutrition, and will host grower and retailer field days each summer.</p><p>The center adds soil and tissue testing capacity for trials across the Corn Belt and will publish results in the <a href="/knowledge-center">Knowledge Center</a>.</p>',
    quote:
      '<p>Growers ask us for local data, not averages from somewhere else. This center lets us answer questions on the soils they farm.</p><p><cite>Karen Liu, Vice President of Agronomy</cite></p>',
  }),
  pressRelease({
    slug: 'anvol-available-nationwide',
    region: REGION_US,
    title: 'ANVOL Now Available Through Retailers Nationwide',
    desc: 'Expanded production brings dual-active nitrogen protection to retailers in all major U.S. growing regions.',
    date: '2026-03-09',
    image: PRESS_US,
    body: '<p><strong>ST. LOUIS</strong> — Following an expansion of production capacity, <a href="/anvol">ANVOL</a> nitrogen stabilizer is now available through retailers in all major U.S. growing regions for the 2026 season. ANVOL protects urea and UAN against volatilization with two active ingredients.</p>',
  }),
  pressRelease({
    slug: 'grower-sustainability-program-us',
    region: REGION_US,
    title: 'Northfield Agronomics Launches Nitrogen Stewardship Program for U.S. Growers',
    desc: 'Growers who document protected nitrogen applications can qualify for sustainability premiums from partner buyers.',
    date: '2025-08-25',
    image: PRESS_US,
    body: '<p>A new stewardship program helps growers document nitrogen applications protected from loss and connects them with grain buyers that pay sustainability premiums. Enrollment is open through participating retailers.</p>',
  }),
  pressRelease({
    slug: 'saskatoon-office-opening',
    region: REGION_CA,
    title: 'Northfield Agronomics Opens Western Canada Office in Saskatoon',
    desc: 'The new office brings agronomy, sales and customer service closer to Prairie growers and retailers.',
    date: '2026-09-15',
    image: PRESS_CA,
    body: '<p><strong>SASKATOON, Saskatchewan</strong> — Northfield Agronomics today opened its Western Canada office in Saskatoon. The office is home to agronomists, sales representatives and customer service staff serving Alberta, Saskatchewan and Manitoba.</p>',
    quote:
      '<p>Prairie farms are among the most efficient in the world. Being here means we can support them through every seeding and harvest.</p><p><cite>Marc Tremblay, General Manager, Canada</cite></p>',
  }),
  pressRelease({
    slug: 'rocket-seeds-registration-canada',
    region: REGION_CA,
    title: 'ROCKET SEEDS Receives Canadian Registration for Pulse Crops',
    desc: 'The seed-applied nutrition product is now registered for use on peas, lentils and faba beans in Canada.',
    date: '2026-01-26',
    image: PRESS_CA,
    body: '<p>The Canadian registration of <a href="/rocket-seeds-ca">ROCKET SEEDS</a> now includes field peas, lentils and faba beans. The product applies with inoculants and seed treatments and is available through Canadian retailers for the 2026 season.</p>',
  }),
  pressRelease({
    slug: 'prairie-research-partnership',
    region: REGION_CA,
    title: 'New Research Partnership to Study Nitrogen Efficiency on the Prairies',
    desc: 'A five-year partnership with Prairie researchers will measure nitrogen losses under one-pass seeding systems.',
    date: '2025-06-16',
    image: PRESS_RESEARCH,
    body: '<p>Northfield Agronomics is funding a five-year study of nitrogen losses under one-pass seeding systems across the Prairies. Results will be shared with growers through field days and the <a href="/knowledge-center">Knowledge Center</a>.</p>',
  }),
];
